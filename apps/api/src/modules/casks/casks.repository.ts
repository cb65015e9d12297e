import { eq, sql } from 'drizzle-orm';
import type { Cask, CaskListParams, CaskStats } from '@cask/contracts/casks';
import { uploadUrl } from '@cask/contracts/files';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createListPipeline, windowSql, type StatementValues } from '../../db/list-pipeline.ts';
import { caskAppreciation, casks, type CaskStatus, type NewCask } from '../../db/schema/casks.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';
import type { PageWindow } from '../../lib/page-plan.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import { containsPattern } from '../customers/customers.repository.ts';

/** The counters the list reads with every page: the stats and the search version. */
const COUNTERS = {
  total: COUNTER_NAMES.casks,
  ready: COUNTER_NAMES.caskStatus('Ready'),
  maturing: COUNTER_NAMES.caskStatus('Maturing'),
  currentValue: COUNTER_NAMES.casksCurrentValue,
  gain: COUNTER_NAMES.casksGain,
  searchVersion: COUNTER_NAMES.casksSearchVersion,
} as const;

/** Name or distillery contains the pattern (each side served by its pg_trgm GIN index). */
function matchingSql(pattern: string | undefined): string {
  return pattern === undefined ? 'true' : `(name ilike ${pattern} or distillery ilike ${pattern})`;
}

/**
 * The ids of one page of casks, newest first, as SQL for db/list-pipeline.ts (see
 * lib/page-plan.ts). Only id and created_at, as before: without a search the walk over
 * casks_listing_idx stays index-only however many rows a middle page skips, and the page's ten
 * rows are fetched by id afterwards.
 */
export function caskWindowSql(
  window: PageWindow,
  pattern: string | undefined,
  values: StatementValues,
): string {
  return windowSql(
    { table: 'casks', columns: 'id, created_at', where: matchingSql(pattern) },
    window,
    values,
  );
}

export function countCaskMatchesSql(pattern: string): string {
  return `select count(*)::int from casks where ${matchingSql(pattern)}`;
}

/**
 * The page's casks `w` with their owner, the gain computed from the exact numbers, and the last
 * 24 monthly points of the history, oldest first, for the page's rows only. Money comes back as
 * exact decimal text; created_at and id keep their names for the pipeline's order. The history is
 * `ap`, not `a`: the pipeline's statement already names the admins row `a`.
 */
const CASK_ROW_SQL =
  'c.id, c.name, c.distillery, c.year, c.volume, c.abv, c.location,' +
  ' c.estimated_value::text, c.current_value::text, c.purchase_price::text, c.status, c.type,' +
  ' c.notes, c.purchase_date, c.image_file_id, o.id as owner_id, o.full_name as owner_name,' +
  ' o.email as owner_email, (c.current_value - c.purchase_price)::text as gain,' +
  ' round((c.current_value - c.purchase_price) * 100 / nullif(c.purchase_price, 0), 2)::text' +
  ' as gain_percentage,' +
  " coalesce((select json_agg(json_build_object('month', to_char(h.month, 'YYYY-MM'), 'value', h.value)" +
  ' order by h.month) from (select ap.month, ap.value from cask_appreciation ap' +
  " where ap.cask_id = c.id order by ap.month desc limit 24) h), '[]'::json) as appreciation," +
  ' c.created_at';

const money = (value: unknown) => (value === null ? null : Number(value));

/** One page row (CASK_ROW_SQL's columns from `at`) as the contract's Cask. */
function toCaskItem(row: readonly unknown[], at: number): Cask {
  const gain = money(row[at + 18]);
  const imageFileId = row[at + 14] as string | null;
  const purchaseDate = row[at + 13] as Date | null;
  const appreciation = row[at + 20] as { month: string; value: number }[];
  return {
    id: row[at] as string,
    name: row[at + 1] as string,
    distillery: row[at + 2] as string | null,
    year: row[at + 3] as number | null,
    volume: row[at + 4] as string | null,
    abv: row[at + 5] as string | null,
    location: row[at + 6] as string | null,
    estimatedValue: money(row[at + 7]),
    currentValue: money(row[at + 8]),
    purchasePrice: money(row[at + 9]),
    status: row[at + 10] as CaskStatus,
    owner: {
      id: row[at + 15] as string,
      fullName: row[at + 16] as string,
      email: row[at + 17] as string,
    },
    caskImages: imageFileId ? uploadUrl(imageFileId) : null,
    type: row[at + 11] as Cask['type'],
    notes: row[at + 12] as string | null,
    gain,
    gainPercentage: money(row[at + 19]),
    calculatedGain: gain,
    purchaseDate: purchaseDate?.toISOString() ?? null,
    appreciationData: appreciation.map((point) => ({
      month: point.month,
      value: Number(point.value),
    })),
    createdAt: (row[at + 21] as Date).toISOString(),
  };
}

function toStats(counter: (name: string) => number): CaskStats {
  const totalCasks = counter(COUNTERS.total);
  const totalValue = counter(COUNTERS.currentValue);
  return {
    totalCasks,
    readyCasks: counter(COUNTERS.ready),
    maturingCasks: counter(COUNTERS.maturing),
    totalValue,
    // Cents, rounded half up from the exact sum (the counters hold it exactly).
    avgValue: totalCasks === 0 ? 0 : Math.round((totalValue / totalCasks) * 100) / 100,
    totalGain: counter(COUNTERS.gain),
  };
}

/**
 * The cask list (spec 001 §7 GET /casks) through db/list-pipeline.ts: the stats from the
 * maintained counters, the exact total (the counter, or a search's count kept while
 * casks.search_version stays), and the page, in one statement.
 */
export function createCaskList(database: Database) {
  const read = createListPipeline<Cask>(database, {
    counters: Object.values(COUNTERS),
    columns: 22,
    order: 'p.created_at desc, p.id desc',
    toItem: toCaskItem,
  });
  return async (claims: AccessClaims, query: CaskListParams) => {
    const { page, limit, search } = query;
    const pattern = search === undefined ? undefined : containsPattern(search);
    const placeholder = (values: StatementValues) =>
      pattern === undefined ? undefined : values.add(pattern);
    const answer = await read(claims, {
      page,
      limit,
      key: `casks:${pattern ?? ''}`,
      listTotal: (counter) => counter(COUNTERS.total),
      ...(pattern === undefined
        ? {}
        : {
            count: {
              sql: (values) => countCaskMatchesSql(values.add(pattern)),
              versionCounter: COUNTERS.searchVersion,
            },
          }),
      pageSql: (window, values) =>
        `select ${CASK_ROW_SQL} from (${caskWindowSql(window, placeholder(values), values)}) w` +
        ' join casks c on c.id = w.id join customers o on o.id = c.owner_id',
      plannedPerCall: pattern !== undefined,
    });
    return { ...answer, stats: toStats(answer.counter) };
  };
}

/**
 * What one cask read by id shows (after an add or a change), as the list's CASK_ROW_SQL does:
 * money as exact decimal strings, the gain computed in SQL from the exact numbers, the history the
 * last 24 monthly points, oldest first.
 */
const caskFields = {
  id: casks.id,
  name: casks.name,
  distillery: casks.distillery,
  year: casks.year,
  volume: casks.volume,
  abv: casks.abv,
  location: casks.location,
  estimatedValue: casks.estimatedValue,
  currentValue: casks.currentValue,
  purchasePrice: casks.purchasePrice,
  status: casks.status,
  type: casks.type,
  notes: casks.notes,
  purchaseDate: casks.purchaseDate,
  imageFileId: casks.imageFileId,
  createdAt: casks.createdAt,
  ownerId: customers.id,
  ownerName: customers.fullName,
  ownerEmail: customers.email,
  gain: sql<string | null>`(${casks.currentValue} - ${casks.purchasePrice})::text`,
  gainPercentage: sql<string | null>`round((${casks.currentValue} - ${casks.purchasePrice})
    * 100 / nullif(${casks.purchasePrice}, 0), 2)::text`,
  appreciation: sql<{ month: string; value: number }[]>`coalesce((
    select json_agg(json_build_object('month', to_char(p.month, 'YYYY-MM'), 'value', p.value)
                    order by p.month)
    from (select ${caskAppreciation.month} as month, ${caskAppreciation.value} as value
          from ${caskAppreciation} where ${caskAppreciation.caskId} = ${casks.id}
          order by ${caskAppreciation.month} desc limit 24) p), '[]'::json)`,
};

export async function findCask(db: DbOrTx, id: string) {
  const [row] = await db
    .select(caskFields)
    .from(casks)
    .innerJoin(customers, eq(customers.id, casks.ownerId))
    .where(eq(casks.id, id))
    .limit(1);
  return row;
}

export async function insertCask(tx: DbOrTx, values: NewCask): Promise<{ id: string }> {
  const [row] = await tx.insert(casks).values(values).returning({ id: casks.id });
  if (!row) throw new Error('cask insert returned nothing');
  return row;
}

/** Locks the cask for a change or removal; what it was, for the audit entry. */
export async function lockCask(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: casks.id,
      name: casks.name,
      distillery: casks.distillery,
      status: casks.status,
      notes: casks.notes,
      currentValue: casks.currentValue,
      purchasePrice: casks.purchasePrice,
      ownerId: casks.ownerId,
      imageFileId: casks.imageFileId,
    })
    .from(casks)
    .where(eq(casks.id, id))
    .for('update');
  return row;
}

export async function updateCaskStatusAndNotes(
  tx: DbOrTx,
  id: string,
  values: { status: CaskStatus; notes: string | null },
): Promise<void> {
  await tx
    .update(casks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(casks.id, id));
}

export async function deleteCask(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx.delete(casks).where(eq(casks.id, id)).returning({ id: casks.id });
  return rows.length > 0;
}
