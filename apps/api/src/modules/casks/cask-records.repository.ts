import { and, desc, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type {
  CaskTransfer,
  LatestValuation,
  ProvenanceEvent,
  Regauge,
  ValuationSource,
} from '@cask/contracts/cask-records';
import { isUniqueViolation, rowsOf, type DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../db/audit.ts';
import { runLockedEdit } from '../../db/locked-edit.ts';
import type { ExpectedRecordVersions } from '../../lib/preconditions.ts';
import { warehouses } from '../../db/schema/warehouses.ts';
import { CASKS_IDENTITY_UNIQUE, casks, caskValuations } from '../../db/schema/casks.ts';
import { isoTimeSql as iso, jsonObject } from '../../db/sql-fragments.ts';
import { nextUpdatedAt } from '../../db/versions.ts';

/**
 * A cask's gauges, newest first, each with its litres of pure alcohol (bulk litres x ABV, to the
 * millilitre) and the yearly loss since the gauge before it (docs/domain.md#angels-share):
 * 1 - (LPA now / LPA before) ^ (1 / years), in percent to two decimals.
 */
export async function listRegauges(db: DbOrTx, caskId: string): Promise<Regauge[]> {
  const item = jsonObject<Regauge>({
    id: sql`g.id`,
    gaugedOn: sql`to_char(g.gauged_on, 'YYYY-MM-DD')`,
    bulkLitres: sql`g.bulk_litres`,
    abv: sql`g.abv`,
    lpa: sql`g.lpa`,
    yearlyLoss: sql`case when g.previous_lpa > 0 and g.gauged_on > g.previous_on then
        round(((1 - power((g.lpa / g.previous_lpa)::float8,
          365.25 / (g.gauged_on - g.previous_on))) * 100)::numeric, 2) end`,
    admin: sql`a.full_name`,
    createdAt: iso(sql`g.created_at`),
  });
  const result = await db.execute(sql`
    select ${item} as item
    from (
      select r.*, round(r.bulk_litres * r.abv / 100, 3) as lpa,
        lag(round(r.bulk_litres * r.abv / 100, 3)) over w as previous_lpa,
        lag(r.gauged_on) over w as previous_on
      from cask_regauges r where r.cask_id = ${caskId}::uuid
      window w as (order by r.gauged_on, r.created_at)
    ) g left join admins a on a.id = g.admin_id
    order by g.gauged_on desc, g.created_at desc`);
  return rowsOf<{ item: Regauge }>(result).map((row) => row.item);
}

/** The gauges on either side of a day: the latest on or before it, the earliest after it. */
export async function gaugesAround(db: DbOrTx, caskId: string, day: string) {
  const result = await db.execute(sql`
    select
      (select json_build_object('on', to_char(r.gauged_on, 'YYYY-MM-DD'), 'ml', round(r.bulk_litres * 1000), 'abv100', round(r.abv * 100))
       from cask_regauges r where r.cask_id = ${caskId} and r.gauged_on <= ${day}::date
       order by r.gauged_on desc, r.created_at desc limit 1) as before,
      (select json_build_object('on', to_char(r.gauged_on, 'YYYY-MM-DD'), 'ml', round(r.bulk_litres * 1000), 'abv100', round(r.abv * 100))
       from cask_regauges r where r.cask_id = ${caskId} and r.gauged_on > ${day}::date
       order by r.gauged_on, r.created_at limit 1) as after`);
  type Gauge = { on: string; ml: number; abv100: number } | null;
  const [row] = rowsOf<{ before: Gauge; after: Gauge }>(result);
  return { before: row?.before ?? null, after: row?.after ?? null };
}

export async function insertRegauge(
  tx: DbOrTx,
  values: { caskId: string; gaugedOn: string; bulkLitres: number; abv: number; adminId: string },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into cask_regauges (cask_id, gauged_on, bulk_litres, abv, admin_id)
    values (${values.caskId}, ${values.gaugedOn}::date, ${String(values.bulkLitres)}::numeric,
      ${String(values.abv)}::numeric, ${values.adminId})
    returning id`);
  const [row] = rowsOf<{ id: string }>(result);
  if (!row) throw new Error('regauge insert returned nothing');
  // The alert days follow in the same transaction (src/db/sql/100).
  await tx.execute(sql`select cask_refresh_gauge_alerts(array[${values.caskId}]::uuid[])`);
  return row.id;
}

export async function listTransfers(db: DbOrTx, caskId: string): Promise<CaskTransfer[]> {
  type Party = CaskTransfer['from'];
  const item = jsonObject<CaskTransfer>({
    id: sql`t.id`,
    transferredOn: sql`to_char(t.transferred_on, 'YYYY-MM-DD')`,
    from: jsonObject<Party>({ id: sql`f.id`, fullName: sql`f.full_name` }),
    to: jsonObject<Party>({ id: sql`o.id`, fullName: sql`o.full_name` }),
    price: sql`t.price`,
    note: sql`t.note`,
    admin: sql`a.full_name`,
    createdAt: iso(sql`t.created_at`),
  });
  const result = await db.execute(sql`
    select ${item} as item
    from cask_transfers t
    join customers f on f.id = t.from_customer_id
    join customers o on o.id = t.to_customer_id
    left join admins a on a.id = t.admin_id
    where t.cask_id = ${caskId}::uuid
    order by t.transferred_on desc, t.created_at desc`);
  return rowsOf<{ item: CaskTransfer }>(result).map((row) => row.item);
}

/** The day of the cask's latest transfer, if it has one. */
export async function lastTransferOn(db: DbOrTx, caskId: string): Promise<string | null> {
  const result = await db.execute(sql`
    select to_char(max(transferred_on), 'YYYY-MM-DD') as day from cask_transfers
    where cask_id = ${caskId}`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}

export async function insertTransfer(
  tx: DbOrTx,
  values: {
    caskId: string;
    fromCustomerId: string;
    toCustomerId: string;
    transferredOn: string;
    price: string | null;
    note: string | null;
    adminId: string;
  },
): Promise<string> {
  const result = await tx.execute(sql`
    insert into cask_transfers
      (cask_id, from_customer_id, to_customer_id, transferred_on, price, note, admin_id)
    values (${values.caskId}, ${values.fromCustomerId}, ${values.toCustomerId},
      ${values.transferredOn}::date, ${values.price}::numeric, ${values.note}, ${values.adminId})
    returning id`);
  const [row] = rowsOf<{ id: string }>(result);
  if (!row) throw new Error('transfer insert returned nothing');
  await tx.execute(sql`
    update casks set owner_id = ${values.toCustomerId}, updated_at = now()
    where id = ${values.caskId}`);
  return row.id;
}

/**
 * The cask's latest valuation (decision 395): the latest day, and of one day the one recorded
 * last. Its value is the cask's current value; null when the cask was never valued.
 */
export async function latestValuation(
  db: DbOrTx,
  caskId: string,
): Promise<(Omit<LatestValuation, 'value'> & { value: string }) | null> {
  const [row] = await db
    .select({
      valuedOn: caskValuations.valuedOn,
      value: caskValuations.value,
      source: caskValuations.source,
    })
    .from(caskValuations)
    .where(eq(caskValuations.caskId, caskId))
    .orderBy(desc(caskValuations.valuedOn), desc(caskValuations.createdAt), desc(caskValuations.id))
    .limit(1);
  return row ?? null;
}

/**
 * Adds a valuation (a history row: never changed afterwards, src/db/sql/051); the trigger of
 * src/db/sql/050 writes its month's point of the value history in the same statement. Recorded at
 * the clock's time, not the transaction's start: the cask's lock is held by then, so a valuation
 * recorded after another one of the same cask is always the later of the two (the order that
 * says which is the latest of a day). Answers its id and the value as stored.
 */
export async function insertValuation(
  tx: DbOrTx,
  values: {
    caskId: string;
    valuedOn: string;
    value: string;
    source: ValuationSource;
    note: string | null;
    adminId: string;
    importId?: string | null;
  },
): Promise<{ id: string; value: string }> {
  const [row] = await tx
    .insert(caskValuations)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning({ id: caskValuations.id, value: caskValuations.value });
  if (!row) throw new Error('valuation insert returned nothing');
  return row;
}

/** The casks about to be valued, locked in id order (not deleted), with what a valuation reads. */
export async function lockCasksForValuation(
  tx: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; currentValue: string | null; updatedAt: Date }[]> {
  return tx
    .select({ id: casks.id, currentValue: casks.currentValue, updatedAt: casks.updatedAt })
    .from(casks)
    .where(and(inArray(casks.id, [...ids]), isNull(casks.deletedAt)))
    .orderBy(casks.id)
    .for('update');
}

/** Each cask's latest valuation day (decision 395), for the casks that have one. */
export async function latestValuationDays(
  tx: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .select({ caskId: caskValuations.caskId, day: max(caskValuations.valuedOn) })
    .from(caskValuations)
    .where(inArray(caskValuations.caskId, [...ids]))
    .groupBy(caskValuations.caskId);
  return new Map(rows.flatMap((row) => (row.day === null ? [] : [[row.caskId, row.day]])));
}

/** Rows an INSERT of valuations carries at most: 8 parameters a row, under PostgreSQL's 65,535. */
const VALUATIONS_PER_INSERT = 1000;

/**
 * Adds valuations (history rows: never changed afterwards, src/db/sql/051), in the order given,
 * in as few INSERTs as the parameter limit allows; the trigger of src/db/sql/050 writes their
 * months' points of the value history in each statement. Each is recorded at the clock's time
 * (the casks' locks are held by then, so a valuation recorded after another of the same cask is
 * the later one), plus its place in the list in microseconds, so the rows of one statement keep
 * their order too (the order that says which is the latest of a day). Answers each value as
 * stored, by id.
 */
export async function insertValuations(
  tx: DbOrTx,
  rows: readonly {
    id: string;
    caskId: string;
    valuedOn: string;
    value: string;
    source: ValuationSource;
    note: string | null;
    adminId: string;
    importId: string | null;
  }[],
): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  for (let from = 0; from < rows.length; from += VALUATIONS_PER_INSERT) {
    const batch = rows.slice(from, from + VALUATIONS_PER_INSERT);
    const inserted = await tx
      .insert(caskValuations)
      .values(
        batch.map((row, index) => ({
          ...row,
          createdAt: sql`clock_timestamp() + ${index} * interval '1 microsecond'`,
        })),
      )
      .returning({ id: caskValuations.id, value: caskValuations.value });
    for (const row of inserted) stored.set(row.id, row.value);
  }
  return stored;
}

/**
 * After valuations: each cask's new current value where one of them is its latest valuation
 * (`currentValue`; the counters, the portfolio's months and the gains follow through the triggers
 * on casks, in the same statement), and every valued cask's version moves, since its history has
 * changed (decision 395). One UPDATE over one jsonb parameter.
 */
export async function markCasksValued(
  tx: DbOrTx,
  changes: readonly { caskId: string; currentValue: string | null }[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${casks} set
      current_value = coalesce(v."currentValue", ${casks.currentValue}),
      updated_at = ${nextUpdatedAt(casks.updatedAt)}
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
      as v("caskId" uuid, "currentValue" numeric)
    where ${casks.id} = v."caskId"`);
}

/**
 * When a gauge, transfer or valuation happened on the timeline: when an admin recorded it, or,
 * for one no admin recorded (the seeds' history, written all at once at install, and the
 * valuations migration 0036 carried over), the day it is about (midnight UTC), so such a history
 * reads in the order it happened.
 */
const recordedAt = (createdAt: SQL, day: SQL, adminId: SQL) =>
  sql`case when ${adminId} is null then ${day}::timestamp at time zone 'UTC' else ${createdAt} end`;

const money = (column: SQL) => sql`'$' || to_char(${column}, 'FM999,999,999,990.00')`;

/**
 * Everything that happened to a cask, newest first: what the audit log recorded (added, status
 * and note changes, a delete and its undo, decision 273), the valuations (issue 44), the regauges
 * and the transfers, each with the admin (null for what no admin recorded: the seeds' history and
 * the valuations migration 0036 carried over). Events recorded together (a seed's history) read by
 * the day they are about, latest first.
 */
/** A day as the web app's formatDate writes it, 'Feb 5, 2026' (English whatever lc_time says). */
const DAY = sql`'FMMon FMDD, YYYY'`;

export async function listProvenance(db: DbOrTx, caskId: string): Promise<ProvenanceEvent[]> {
  const cask = sql`${caskId}::uuid`;
  const item = jsonObject<ProvenanceEvent>({
    kind: sql`e.kind`,
    at: iso(sql`e.at`),
    summary: sql`e.summary`,
    admin: sql`a.full_name`,
  });
  const result = await db.execute(
    sql`
    select ${item} as item
    from (
      select 'added' as kind, l.created_at as at, l.admin_id,
        'Added' || coalesce(' for ' || (select c.full_name from customers c
          where c.id::text = l.after ->> 'ownerId'), '') as summary, null::date as day,
        l.id::text as tie
      from audit_log l where l.entity = 'cask' and l.entity_id = (${cask})::text
        and l.action = 'cask.created'
      union all
      select 'status', l.created_at, l.admin_id,
        'Status changed from ' || (l.before ->> 'status') || ' to ' || (l.after ->> 'status'),
        null, l.id::text
      from audit_log l where l.entity = 'cask' and l.entity_id = (${cask})::text
        and l.action = 'cask.updated' and (l.before ->> 'status') is distinct from (l.after ->> 'status')
      union all
      select 'note', l.created_at, l.admin_id,
        case when coalesce(l.after ->> 'notes', '') = '' then 'Notes cleared'
          else 'Note: ' || (l.after ->> 'notes') end, null, l.id::text
      from audit_log l where l.entity = 'cask' and l.entity_id = (${cask})::text
        and l.action = 'cask.updated' and (l.before ->> 'notes') is distinct from (l.after ->> 'notes')
      union all
      select case when l.action = 'cask.deleted' then 'removed' else 'restored' end,
        l.created_at, l.admin_id,
        case when l.action = 'cask.deleted' then 'Deleted'
          else 'Restored as it was (the delete was undone)' end, null, l.id::text
      from audit_log l where l.entity = 'cask' and l.entity_id = (${cask})::text
        and l.action in ('cask.deleted', 'cask.restored')
      union all
      select 'valuation', ${recordedAt(sql`v.created_at`, sql`v.valued_on`, sql`v.admin_id`)}, v.admin_id,
        'Valued at ' || ${money(sql`v.value`)} || ' on ' || to_char(v.valued_on, ${DAY}) ||
        ' (' || v.source || ')' || coalesce(nullif(': ' || v.note, ': '), ''),
        v.valued_on, v.id::text
      from cask_valuations v where v.cask_id = ${cask}
      union all
      select 'regauge', ${recordedAt(sql`r.created_at`, sql`r.gauged_on`, sql`r.admin_id`)}, r.admin_id,
        'Regauged on ' || to_char(r.gauged_on, ${DAY}) || ': ' ||
        trim(to_char(r.bulk_litres, 'FM999,999,990.999'), '.') || ' BL at ' ||
        trim(to_char(r.abv, 'FM990.99'), '.') || '% ABV, ' ||
        trim(to_char(round(r.bulk_litres * r.abv / 100, 3), 'FM999,999,990.999'), '.') || ' LPA',
        r.gauged_on, r.id::text
      from cask_regauges r where r.cask_id = ${cask}
      union all
      select 'transfer', ${recordedAt(sql`t.created_at`, sql`t.transferred_on`, sql`t.admin_id`)}, t.admin_id,
        'Transferred from ' || f.full_name || ' to ' || o.full_name || ' on ' ||
        to_char(t.transferred_on, ${DAY}) ||
        coalesce(' for ' || ${money(sql`t.price`)}, '') ||
        coalesce(nullif(': ' || t.note, ': '), ''), t.transferred_on, t.id::text
      from cask_transfers t join customers f on f.id = t.from_customer_id
        join customers o on o.id = t.to_customer_id
      where t.cask_id = ${cask}
    ) e left join admins a on a.id = e.admin_id
    order by e.at desc, e.day desc nulls last, e.kind, e.tie desc
    limit 500`,
  );
  return rowsOf<{ item: ProvenanceEvent }>(result).map((row) => row.item);
}

/**
 * `PUT /casks/{id}/identity`'s change (issue 44, decision 430) as one statement: the lock, the
 * version, the rules (a number needs the distillery and a fill year; the warehouse must exist),
 * the change and its audit row. A fill date makes its year the cask's Year. `identityTaken` when
 * another cask not deleted has the identity (casks_identity_unique decides).
 */
export async function saveCaskIdentity(
  db: DbOrTx,
  id: string,
  values: {
    caskNumber: string | null;
    fillDate: string | null;
    warehouseId: string | null;
    location: string | null;
  },
  actor: Actor,
  expected: ExpectedRecordVersions,
  errors: {
    notFound: () => Error;
    numberNeedsIdentity: () => Error;
    warehouseNotFound: () => Error;
    /** The identity taken, as the cask would have had it. */
    identityTaken: (identity: { number: string; distillery: string; year: number }) => Error;
  },
): Promise<void> {
  const fields = {
    caskNumber: sql`${casks.caskNumber}`,
    fillDate: sql`${casks.fillDate}`,
    year: sql`${casks.year}`,
    warehouseId: sql`${casks.warehouseId}`,
    location: sql`${casks.location}`,
  };
  const fillYear = sql`extract(year from ${values.fillDate}::date)::int`;
  try {
    await runLockedEdit(db, {
      table: casks,
      id: casks.id,
      updatedAt: casks.updatedAt,
      where: sql`${casks.id} = ${id} and ${casks.deletedAt} is null`,
      refusals: {
        numberNeedsIdentity: sql`${values.caskNumber}::text is not null and (${casks.distillery} is null
          or coalesce(${fillYear}, ${casks.year}) is null)`,
        warehouseNotFound: sql`${values.warehouseId}::uuid is not null
          and not exists (select 1 from ${warehouses} where ${warehouses.id} = ${values.warehouseId}::uuid)`,
      },
      set: sql`cask_number = ${values.caskNumber}, fill_date = ${values.fillDate}::date,
        year = coalesce(${fillYear}, year), warehouse_id = ${values.warehouseId}::uuid,
        location = ${values.location}`,
      audit: {
        action: 'cask.identity_updated',
        entity: 'cask',
        actor,
        before: fields,
        after: fields,
      },
      answer: sql`true`,
      expected,
      notFound: errors.notFound,
      refused: {
        numberNeedsIdentity: errors.numberNeedsIdentity,
        warehouseNotFound: errors.warehouseNotFound,
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error, CASKS_IDENTITY_UNIQUE)) throw error;
    const [cask] = await db
      .select({ distillery: casks.distillery, year: casks.year })
      .from(casks)
      .where(eq(casks.id, id));
    throw errors.identityTaken({
      number: values.caskNumber ?? '',
      distillery: cask?.distillery ?? '',
      year: values.fillDate ? Number(values.fillDate.slice(0, 4)) : (cask?.year ?? 0),
    });
  }
}
