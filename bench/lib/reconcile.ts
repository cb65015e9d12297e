import type pg from 'pg';
import type { RunningApi } from './api-server.ts';
import { sampledWhile } from './memory.ts';

/**
 * Issue 44's bench row (`BENCH_ONLY=reconcile`): a stock statement of 100,000 casks reconciled.
 * A warehouse of its own ('Bench Bond') gets 100,000 casks with a number (inserted once, in one
 * statement, and kept for the next run); the statement lists them with 1% missing, 1% in another
 * rack, 1% with a gauge far below ours and 500 casks we do not know, written as a warehouse would
 * (day/month/year). It is previewed (POST /api/reconciliations/preview, nothing saved) and saved
 * (POST /api/reconciliations, the comparison and 100,000 findings in one statement), each timed,
 * with the API's resident memory sampled every 20 ms against the idle process just before.
 * Targets: under 10 s and under 100 MB of growth each. The saved report is deleted afterwards.
 */
export const RECONCILE_TARGETS = { seconds: 10, rssGrowthMb: 100 } as const;
const CASKS = 100_000;
const WAREHOUSE = 'Bench Bond';

export interface ReconcileMeasurement {
  casks: number;
  rows: number;
  megabytes: number;
  steps: { label: string; seconds: number; rssBeforeMb: number; rssGrowthMb: number }[];
  counts: Record<string, number>;
}

async function benchWarehouse(pool: pg.Pool): Promise<string> {
  await pool.query(
    `insert into warehouses (name, city) values ($1, 'Bench') on conflict ((lower(name))) do nothing`,
    [WAREHOUSE],
  );
  const { rows } = await pool.query<{ id: string; casks: number }>(
    `select w.id, (select count(*)::int from casks c where c.warehouse_id = w.id
       and c.deleted_at is null) as casks
     from warehouses w where lower(w.name) = lower($1)`,
    [WAREHOUSE],
  );
  const warehouse = rows[0];
  if (!warehouse) throw new Error('the bench warehouse is missing');
  if (warehouse.casks < CASKS) {
    // One statement; the casks' triggers keep their counters and search versions.
    await pool.query(
      `insert into casks (name, distillery, year, fill_date, volume, abv, cask_number,
         warehouse_id, location, status, type, owner_id)
       select 'Bench cask ' || n, 'Benchfarclas', 2010 + n % 10, make_date(2010 + n % 10, 3, 1),
         250, 62.5, 'BB' || lpad(n::text, 6, '0'), $1, 'Rack ' || (n % 40 + 1) || ', Bay ' || (n % 12 + 1),
         'Maturing', 'cask', (select id from customers where deleted_at is null order by id limit 1)
       from generate_series($2::int + 1, $3::int) as n`,
      [warehouse.id, warehouse.casks, CASKS],
    );
  }
  return warehouse.id;
}

/** The statement: our casks as the warehouse would list them, with mismatches of each kind. */
async function statementCsv(
  pool: pg.Pool,
  warehouseId: string,
): Promise<{ csv: string; rows: number }> {
  const { rows } = await pool.query<{
    number: string;
    distillery: string;
    fill: string;
    location: string | null;
    bl: string;
    abv: string;
    gauged: string;
  }>(
    `select cask_number as number, distillery, to_char(fill_date, 'DD/MM/YYYY') as fill, location,
       coalesce(gauged_volume, volume)::text as bl, coalesce(gauged_abv, abv)::text as abv,
       to_char(coalesce(last_gauged_on, fill_date), 'DD/MM/YYYY') as gauged
     from casks where warehouse_id = $1 and deleted_at is null order by cask_number`,
    [warehouseId],
  );
  const lines = ['Cask No,Distillery,Date Filled,Rack/Bay,BL,ABV %,Last Gauge'];
  rows.forEach((row, index) => {
    if (index % 100 === 0) return; // missing at the warehouse
    const location = index % 100 === 1 ? 'Rack 99, Bay 99' : (row.location ?? '');
    const bl = index % 100 === 2 ? (Number(row.bl) * 0.8).toFixed(1) : row.bl;
    lines.push(
      `${row.number},${row.distillery},${row.fill},"${location}",${bl},${row.abv},${row.gauged}`,
    );
  });
  for (let n = 1; n <= 500; n += 1) {
    lines.push(`ZZ${n},Benchfarclas,01/03/2012,"Rack 1, Bay 1",200,60,01/03/2012`);
  }
  return { csv: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}

async function timed(
  api: RunningApi,
  label: string,
  run: () => Promise<Response>,
): Promise<{ step: ReconcileMeasurement['steps'][number]; body: unknown }> {
  const { result, seconds, rssBeforeMb, rssPeakMb } = await sampledWhile(api.pid, async () => {
    const response = await run();
    return { response, body: (await response.json()) as unknown };
  });
  const { response, body } = result;
  if (!response.ok)
    throw new Error(`${label} answered ${response.status}: ${JSON.stringify(body)}`);
  return { step: { label, seconds, rssBeforeMb, rssGrowthMb: rssPeakMb - rssBeforeMb }, body };
}

export async function measureReconciliation(
  pool: pg.Pool,
  api: RunningApi,
  headers: Record<string, string>,
): Promise<ReconcileMeasurement> {
  const warehouseId = await benchWarehouse(pool);
  const { csv, rows } = await statementCsv(pool, warehouseId);
  const form = () => {
    const data = new FormData();
    data.append('warehouseId', warehouseId);
    data.append('dateOrder', 'dmy');
    data.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-statement.csv');
    return data;
  };
  const post = (path: string) => () =>
    fetch(`${api.baseUrl}/api${path}`, { method: 'POST', headers, body: form() });
  const preview = await timed(api, 'preview (nothing saved)', post('/reconciliations/preview'));
  const saved = await timed(api, 'save report (100,000 findings)', post('/reconciliations'));
  const data = (saved.body as { data: { id: string; counts: Record<string, { total: number }> } })
    .data;
  await pool.query('delete from warehouse_statements where id = $1', [data.id]);
  return {
    casks: CASKS,
    rows,
    megabytes: Buffer.byteLength(csv) / 1024 / 1024,
    steps: [preview.step, saved.step],
    counts: Object.fromEntries(Object.entries(data.counts).map(([kind, c]) => [kind, c.total])),
  };
}

export function reconcileSection(m: ReconcileMeasurement | null): string {
  if (m === null) return '';
  return [
    `## Reconcile (issue 44): a stock statement of ${m.rows.toLocaleString('en-US')} rows (${m.megabytes.toFixed(1)} MB) against a warehouse of ${m.casks.toLocaleString('en-US')} casks`,
    '',
    `Findings: ${Object.entries(m.counts)
      .map(([kind, n]) => `${kind} ${n.toLocaleString('en-US')}`)
      .join(', ')}.`,
    '',
    '| step | seconds | API RSS before (MB) | growth (MB) |',
    '| --- | ---: | ---: | ---: |',
    ...m.steps.map(
      (s) =>
        `| ${s.label} | ${s.seconds.toFixed(2)} | ${s.rssBeforeMb.toFixed(1)} | ${s.rssGrowthMb.toFixed(1)} |`,
    ),
    '',
    ...m.steps.flatMap((s) => [
      `- ${s.seconds < RECONCILE_TARGETS.seconds ? 'met' : 'NOT met'}: ${s.label} under ${RECONCILE_TARGETS.seconds} s (${s.seconds.toFixed(2)} s).`,
      `- ${s.rssGrowthMb < RECONCILE_TARGETS.rssGrowthMb ? 'met' : 'NOT met'}: ${s.label}, the API's resident memory grows by less than ${RECONCILE_TARGETS.rssGrowthMb} MB (${s.rssGrowthMb.toFixed(1)} MB).`,
    ]),
    '',
  ].join('\n');
}

export function reconcileLine(m: ReconcileMeasurement): string {
  return m.steps
    .map(
      (s) =>
        `  reconcile ${s.label}: ${s.seconds.toFixed(2)} s, API RSS +${s.rssGrowthMb.toFixed(1)} MB`,
    )
    .join('\n');
}
