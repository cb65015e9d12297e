/**
 * The floors of issue 46's two saves (docs/decisions/437): the API's very statement, built by its
 * own code with a database that only records it, sent straight through node-postgres at 10
 * connections: no Fastify, no drizzle, no authentication. The saves (FLOOR_SAVES,
 * comma-separated, both by default): `bulk`, the bulk status change of 10 orders (applyBulk with
 * orderStatusBulk, as the route builds it), and `user`, PUT /api/users/{id}'s Active/Inactive
 * (saveCustomerActive, as the route calls it, without If-Match as the bench sends it). Modes
 * (FLOOR_MODES, comma-separated, all three by default, each run for each save): `single` (the
 * statement alone, as the API sends it), `txn` (BEGIN, the same statement, COMMIT, as decision
 * 390 sent the bulk) and `noaudit` (the statement with its audit rows left out, so no audit chain
 * lock, decision 413). Meanwhile pg_stat_activity is sampled every 5 ms: how many of the
 * connections wait on what, on average.
 *
 *   node --import tsx bench/issue46-floor.ts [database url]
 *
 * On the bench's database (`BENCH_DATABASE_URL`, seeded by `npm run bench`); FLOOR_CONNECTIONS
 * (10), FLOOR_SECONDS (10), FLOOR_WARMUP (3). The bulk cycles through the 100 newest groups of 10
 * visible orders (the bench's are the oldest), each set to the next status, then back, so it may
 * leave some at the next. The user's save cycles through the 200 newest visible customers (the
 * bench's are the oldest), each set to the other state, then back, as the bench's PUT row does;
 * those it leaves at the other state are set back with the same statement at the end. The load
 * average is printed with each run: on a machine others use, the numbers compare only side by
 * side.
 */
import os from 'node:os';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { applyBulk } from '../apps/api/src/db/bulk.ts';
import type { Database, DbOrTx } from '../apps/api/src/db/client.ts';
import { saveCustomerActive } from '../apps/api/src/modules/customers/customers.repository.ts';
import { orderStatusBulk } from '../apps/api/src/modules/orders/orders.repository.ts';

const url =
  process.argv[2] ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/cask_bench';
const CONNECTIONS = Number(process.env.FLOOR_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.FLOOR_SECONDS ?? 10);
const WARMUP = Number(process.env.FLOOR_WARMUP ?? 3);
const STATUSES = ['Active', 'Pending', 'Delivered', 'Reject'];
const next = (status: string) => STATUSES[(STATUSES.indexOf(status) + 1) % STATUSES.length]!;

const SAVES = ['bulk', 'user'] as const;
type SaveName = (typeof SAVES)[number];
const saves = (process.env.FLOOR_SAVES ?? SAVES.join(',')).split(',') as SaveName[];
for (const name of saves) {
  if (!SAVES.includes(name)) throw new Error(`FLOOR_SAVES: ${SAVES.join(', ')}, not "${name}"`);
}

const dialect = new PgDialect();
type Query = { sql: string; params: unknown[] };
async function capture(changes: { id: string; status: string }[], adminId: string) {
  let query: { sql: string; params: unknown[] } | undefined;
  const fake = {
    db: {
      execute: async (statement: SQL) => {
        query = dialect.sqlToQuery(statement);
        return {
          rows: changes.map(() => ({
            before: { status: 'x' },
            refused: false,
            refusal: null,
            known: true,
            write_refusal: null,
          })),
        };
      },
    },
  } as unknown as Database;
  await applyBulk(
    fake,
    orderStatusBulk,
    { changes: changes.map(({ id, status }) => ({ id, value: { status: status as 'Active' } })) },
    { adminId, ip: '127.0.0.1' },
  );
  return query!;
}

/** PUT /api/users/{id}'s statement (customers.service.ts setActive), as the API sends it. */
async function captureUser(id: string, isActive: boolean, adminId: string): Promise<Query> {
  let query: Query | undefined;
  const fake = {
    execute: async (statement: SQL) => {
      query = dialect.sqlToQuery(statement);
      // A saved row: the answer the statement gives when the change was made.
      return { rows: [{ version: 'x', read: {}, raced: false, refused: [], answer: {} }] };
    },
  } as unknown as DbOrTx;
  await saveCustomerActive(fake, id, isActive, { adminId, ip: '127.0.0.1' }, undefined, () => {
    return new Error('not found');
  });
  return query!;
}

const pool = new pg.Pool({
  connectionString: url,
  max: CONNECTIONS,
  application_name: 'issue46-floor',
});
const watcher = new pg.Client({ connectionString: url });
await watcher.connect();
const admin = (await watcher.query<{ id: string }>('select id from admins order by id limit 1'))
  .rows[0]!.id;

interface Save {
  name: SaveName;
  /** What the header line says of its statements. */
  describe: string;
  /** The statements cycled through, in order, one per request. */
  queries: Query[];
  cursor: number;
  /** Leaves the rows it changed as it found them (after all its runs). */
  restore?: () => Promise<number>;
}

async function bulkSave(): Promise<Save> {
  const visible = (
    await watcher.query<{ id: string; status: string }>(
      'select id, status from orders where deleted_at is null order by id desc limit 1000',
    )
  ).rows;
  const groups: { id: string; status: string }[][] = [];
  for (let at = 0; at + 10 <= visible.length; at += 10) groups.push(visible.slice(at, at + 10));
  const queries: Query[] = [];
  for (const other of [true, false])
    for (const group of groups)
      queries.push(
        await capture(
          group.map(({ id, status }) => ({ id, status: other ? next(status) : status })),
          admin,
        ),
      );
  return {
    name: 'bulk',
    describe: `${queries.length} statements of 10 orders`,
    queries,
    cursor: 0,
  };
}

async function userSave(): Promise<Save> {
  const found = (
    await watcher.query<{ id: string; is_active: boolean }>(
      'select id, is_active from customers where deleted_at is null order by id desc limit 200',
    )
  ).rows;
  const queries: Query[] = [];
  for (const other of [true, false])
    for (const { id, is_active: active } of found)
      queries.push(await captureUser(id, other ? !active : active, admin));
  return {
    name: 'user',
    describe: `${queries.length} statements of one customer's isActive (${found.length} customers, each to the other state, then back)`,
    queries,
    cursor: 0,
    restore: async () => {
      const now = (
        await watcher.query<{ id: string; is_active: boolean }>(
          'select id, is_active from customers where id = any($1::uuid[])',
          [found.map((row) => row.id)],
        )
      ).rows;
      const changed = found.filter(
        (row) => now.find((each) => each.id === row.id)?.is_active !== row.is_active,
      );
      for (const row of changed) {
        const back = await captureUser(row.id, row.is_active, admin);
        await watcher.query(back.sql, back.params);
      }
      return changed.length;
    },
  };
}

type Mode = 'single' | 'txn' | 'noaudit';
/** noaudit: the same statement with its audit CTE a plain select, never run (no chain lock). */
const withoutAudit = (text: string) => text.replace(/insert into "audit_log" \([^)]*\)\s*/, '');
async function run(save: Save, mode: Mode, seconds: number, sample: boolean) {
  const { queries } = save;
  const latencies: number[] = [];
  const waits = new Map<string, number>();
  let samples = 0;
  let failures = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const query = queries[save.cursor++ % queries.length]!;
      const started = performance.now();
      try {
        if (mode === 'single') await pool.query(query.sql, query.params);
        else if (mode === 'noaudit') await pool.query(withoutAudit(query.sql), query.params);
        else {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query(query.sql, query.params);
            await client.query('commit');
          } finally {
            client.release();
          }
        }
        latencies.push(performance.now() - started);
      } catch (error) {
        failures++;
        if (failures < 3) console.error(error);
      }
    }
  };
  const sampler = async () => {
    while (sample && Date.now() < end) {
      const { rows } = await watcher.query<{ state: string; wait: string | null; n: number }>(
        `select state, wait_event_type || ':' || wait_event as wait, count(*)::int as n
         from pg_stat_activity where application_name = 'issue46-floor' group by 1, 2`,
      );
      samples++;
      for (const row of rows) {
        const key = `${row.state}${row.wait ? ` ${row.wait}` : ''}`;
        waits.set(key, (waits.get(key) ?? 0) + row.n);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  await Promise.all([...Array.from({ length: CONNECTIONS }, worker), sampler()]);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    save: save.name,
    mode,
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: at(0.5).toFixed(2),
    p99: at(0.99).toFixed(2),
    max: at(1).toFixed(2),
    failures,
    waits: Object.fromEntries(
      [...waits]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, (v / Math.max(samples, 1)).toFixed(2)]),
    ),
  };
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
console.info(`load average at start: ${load()}; ${CONNECTIONS} connections`);
for (const name of saves) {
  const save = name === 'bulk' ? await bulkSave() : await userSave();
  console.info(`${save.name}: ${save.describe}`);
  for (const mode of (process.env.FLOOR_MODES ?? 'single,txn,noaudit').split(',') as Mode[]) {
    await run(save, mode, WARMUP, false);
    const result = await run(save, mode, SECONDS, true);
    console.info(JSON.stringify(result), `load ${load()}`);
  }
  if (save.restore) console.info(`${save.name}: ${await save.restore()} rows set back`);
}
await pool.end();
await watcher.end();
