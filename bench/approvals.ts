/**
 * `BENCH_ONLY=approvals npm run bench` (issue 45's last item, docs/screens/approvals.md): the
 * `/approvals` list and approving, against the list targets (lib/report.ts `checkTargets`, kind
 * 'list').
 *
 * - The list: GET /api/approvals's first page, and filtered by Status (pending), loaded like every
 *   list row (lib/load.ts) over `BENCH_APPROVALS_ROWS` requests (10,000 by default) already in
 *   the table: what is missing is inserted by SQL first, as the app writes them (manual points
 *   requests, a status mix; the pending ones not yet due to expire).
 * - Approving: `BENCH_APPROVALS_APPROVE` (200) fresh requests of manual points above the policy's
 *   threshold asked through the API by one admin (202, Sent for approval), then approved one after
 *   another through the API by an Owner signed in just before (the sign-in is the step-up's proof):
 *   approvals/s and the p50/p99 of the approve call.
 *
 * On embedded PGlite by default (BENCH_APPROVALS_DIR, seeded with BENCH_APPROVALS_CUSTOMERS
 * customers, the embedded bench's 100,000 by default), or on PostgreSQL with
 * BENCH_APPROVALS_DATABASE_URL. On PostgreSQL each list row has its floor, as the main bench's
 * list rows have theirs: the statements one warm request ran (lib/capture.ts, as the maker),
 * replayed straight through node-postgres at the same connections (lib/sql-reference.ts).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_APPROVAL_POLICY, type ApprovalPolicy } from '@cask/contracts/approvals';
import { openDatabase, rowsOf, type Database } from '../apps/api/src/db/client.ts';
import { admins } from '../apps/api/src/db/schema/admins.ts';
import { ARGON2_OPTIONS } from '../apps/api/src/lib/password.ts';
import { repoRoot, startApi, type RunningApi } from './lib/api-server.ts';
import { createQueryCapture, type QueryCapture } from './lib/capture.ts';
import { ensurePostgresDatabase, prepareDatabase } from './lib/database.ts';
import { measureEndpoint, type LoadOptions } from './lib/load.ts';
import { checkTargets, markdownChecks, type Row } from './lib/report.ts';
import { measureSql, openFloorPools } from './lib/sql-reference.ts';
import { summarise, type Measurement } from './lib/stats.ts';

type Where = { url: string } | { dataDir: string };

/** The two admins of the row: the one who asks (an Admin) and the Owner who approves. */
const MAKER = {
  email: 'bench-maker@cask-admin.local',
  fullName: 'Bench Maker',
  role: 'admin',
} as const;
const APPROVER = {
  email: 'bench-approver@cask-admin.local',
  fullName: 'Bench Approver',
  role: 'owner',
} as const;
const PASSWORD = 'bench password 2024';
/** The policy's threshold, and the points each fresh request asks for (above it). */
const THRESHOLD = 1000;
const ASKED_POINTS = 1500;

function countFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number`);
  return value;
}

function open(where: Where): Promise<Database> {
  return openDatabase('url' in where ? { url: where.url, dataDir: 'unused' } : where);
}

async function ensureAdmin(database: Database, who: typeof MAKER | typeof APPROVER) {
  const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
  const [existing] = await database.db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, who.email));
  if (existing) {
    await database.db
      .update(admins)
      .set({ passwordHash, isActive: true, role: who.role })
      .where(eq(admins.id, existing.id));
    return existing.id;
  }
  const [created] = await database.db
    .insert(admins)
    .values({ email: who.email, fullName: who.fullName, passwordHash, role: who.role })
    .returning({ id: admins.id });
  if (!created) throw new Error(`could not create ${who.email}`);
  return created.id;
}

/**
 * Tops the table up to `wanted` requests (idempotent: nothing when as many are there), written as
 * the app writes a manual points request (rewards.service.ts `manualPoints`): the body the route
 * parsed, the customer's balance as the version, the summary and before/after the list shows.
 * A status mix: 20% pending (expiring 7 days after they were asked, so none is due), 40%
 * approved, 20% rejected (with the note a rejection needs), 10% withdrawn, 10% expired; asked 30 s
 * apart, newest first.
 */
async function seedApprovals(
  database: Database,
  wanted: number,
  ids: { maker: string; approver: string },
): Promise<{ before: number; inserted: number }> {
  const [counted] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from approvals`),
  );
  const before = counted?.n ?? 0;
  const missing = wanted - before;
  if (missing <= 0) return { before, inserted: 0 };
  await database.db.execute(sql`
    with picked as (
      select c.id, c.full_name, c.points_balance,
             row_number() over (order by c.id) + ${before} as n,
             (1001 + (row_number() over (order by c.id) % 9) * 500)::int as points
      from customers c where c.deleted_at is null
      order by c.id limit ${missing}
    ), shaped as (
      select p.*, case when n % 10 < 2 then 'pending' when n % 10 < 6 then 'approved'
                       when n % 10 < 8 then 'rejected' when n % 10 = 8 then 'withdrawn'
                       else 'expired' end as status,
             now() - make_interval(secs => (n * 30)::int) as asked
      from picked p
    )
    insert into approvals (action, status, entity, record_id, body, record_version, record_label,
      summary, before, after, reason, requested_by, requested_ip, created_at, expires_at,
      decided_by, decided_at, note)
    select 'manualPoints', s.status, 'customer', s.id,
      jsonb_build_object('userId', s.id, 'points', s.points, 'reason', 'Goodwill (bench)'),
      s.points_balance::text, s.full_name, '+' || s.points || ' points',
      jsonb_build_object('referralPoints', s.points_balance),
      jsonb_build_object('referralPoints', s.points_balance + s.points, 'points', s.points),
      'Goodwill (bench)', ${ids.maker}::uuid, '127.0.0.1', s.asked,
      s.asked + make_interval(days => 7),
      case when s.status in ('approved', 'rejected', 'withdrawn')
           then (case when s.status = 'withdrawn' then ${ids.maker} else ${ids.approver} end)::uuid
      end,
      case when s.status = 'expired' then s.asked + make_interval(days => 7)
           when s.status <> 'pending' then s.asked + make_interval(hours => 1) end,
      case when s.status = 'rejected' then 'Not this quarter (bench)' end
    from shaped s`);
  return { before, inserted: missing };
}

async function signIn(api: RunningApi, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${api.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data?: { accessToken?: string }; message?: string };
  if (!response.ok || !body.data?.accessToken) {
    throw new Error(`signing in as ${email} answered ${response.status}: ${body.message ?? ''}`);
  }
  return { authorization: `Bearer ${body.data.accessToken}` };
}

async function call(
  api: RunningApi,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<{ status: number; body: { message?: string; data?: unknown } }> {
  const response = await fetch(`${api.baseUrl}${url}`, {
    method,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string; data?: unknown },
  };
}

/** Turns 'Manual points above' on at THRESHOLD through Settings -> 'Approvals', as the Owner. */
async function ensurePolicy(api: RunningApi, owner: Record<string, string>): Promise<void> {
  const read = await call(api, 'GET', '/api/settings/approvals', owner);
  const policy =
    (read.body.data as { policy?: ApprovalPolicy } | undefined)?.policy ?? DEFAULT_APPROVAL_POLICY;
  if (policy.manualPoints.on && policy.manualPoints.above < ASKED_POINTS) return;
  const saved = await call(api, 'PUT', '/api/settings/approvals', owner, {
    ...policy,
    manualPoints: { on: true, above: THRESHOLD },
  });
  if (saved.status !== 200) {
    throw new Error(`saving the approvals policy answered ${saved.status}: ${saved.body.message}`);
  }
}

/** `count` customers to ask points for, a fresh set each run (those with the fewest points). */
async function customersToAskFor(where: Where, count: number): Promise<string[]> {
  const database = await open(where);
  try {
    const ids = rowsOf<{ id: string }>(
      await database.db.execute(sql`
        select id from customers where deleted_at is null and is_active
        and id not in (select record_id from approvals where status = 'pending' and record_id is not null)
        order by points_balance, id limit ${count}`),
    ).map((row) => row.id);
    if (ids.length < count) throw new Error(`approving needs ${count} customers`);
    return ids;
  } finally {
    await database.close();
  }
}

interface Approving {
  asked: number;
  approve: Measurement;
  /** The asking (POST manual-points, 202) timed the same way, for comparison. */
  ask: Measurement;
}

async function measureApproving(
  api: RunningApi,
  where: Where,
  count: number,
  log: (line: string) => void,
): Promise<Approving> {
  const maker = await signIn(api, MAKER.email);
  const customers = await customersToAskFor(where, count);
  const ids: string[] = [];
  const askTimes: number[] = [];
  let askFailures = 0;
  let askFailure: string | undefined;
  const askStarted = performance.now();
  for (const userId of customers) {
    const started = performance.now();
    const asked = await call(api, 'POST', '/api/referrals/admin/manual-points', maker, {
      userId,
      points: ASKED_POINTS,
      reason: 'Goodwill (bench)',
    });
    const id = (asked.body.data as { approval?: { id?: string } } | undefined)?.approval?.id;
    if (asked.status === 202 && id) {
      askTimes.push(performance.now() - started);
      ids.push(id);
    } else {
      askFailures++;
      askFailure ??= `HTTP ${asked.status}: ${asked.body.message ?? ''}`;
    }
  }
  const ask = summarise(askTimes, (performance.now() - askStarted) / 1000, askFailures, askFailure);
  log(`  asked ${ids.length} of ${count} (${ask.failures} failed ${ask.firstFailure ?? ''})`);
  // Signed in now: the session's proof of identity is fresh, which is what step-up asks for.
  const approver = await signIn(api, APPROVER.email);
  const times: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  for (const id of ids) {
    const before = performance.now();
    const approved = await call(api, 'POST', `/api/approvals/${id}/approve`, approver);
    if (approved.status === 200) times.push(performance.now() - before);
    else {
      failures++;
      firstFailure ??= `HTTP ${approved.status}: ${approved.body.message ?? ''}`;
    }
  }
  const approve = summarise(times, (performance.now() - started) / 1000, failures, firstFailure);
  log(
    `  approved ${times.length}: ${approve.requestsPerSecond.toFixed(0)}/s, p50 ${approve.p50.toFixed(2)} ms, p99 ${approve.p99.toFixed(2)} ms`,
  );
  return { asked: ids.length, approve, ask };
}

export async function benchApprovals(
  load: LoadOptions,
  log: (line: string) => void,
): Promise<string> {
  const url = process.env.BENCH_APPROVALS_DATABASE_URL || null;
  const customers = countFromEnv('BENCH_APPROVALS_CUSTOMERS', 100_000);
  const wanted = countFromEnv('BENCH_APPROVALS_ROWS', 10_000);
  const approving = countFromEnv('BENCH_APPROVALS_APPROVE', 200);
  const where: Where = url
    ? { url }
    : {
        dataDir:
          process.env.BENCH_APPROVALS_DIR || path.join(repoRoot, 'bench/.tmp/pglite-approvals'),
      };
  const engine = url ? 'PostgreSQL' : 'embedded PGlite';
  log(`Approvals on ${engine}: ${customers} customers, ${wanted} requests`);
  if (url) await ensurePostgresDatabase(url);
  await prepareDatabase(where, customers, 42, log);
  const database = await open(where);
  let seeded: { before: number; inserted: number };
  let makerId: string;
  try {
    const ids = {
      maker: await ensureAdmin(database, MAKER),
      approver: await ensureAdmin(database, APPROVER),
    };
    makerId = ids.maker;
    seeded = await seedApprovals(database, wanted, ids);
    log(`  approvals: ${seeded.before} there, ${seeded.inserted} inserted`);
  } finally {
    await database.close();
  }
  const api = await startApi(where);
  // The floor, on PostgreSQL only (the capture is node-postgres's): the maker's statements.
  let floor: { capture: QueryCapture; pools: ReturnType<typeof openFloorPools> } | null = null;
  try {
    if (url) {
      floor = {
        capture: await createQueryCapture(url, makerId),
        pools: openFloorPools(url, load.connections),
      };
    }
    await ensurePolicy(api, await signIn(api, APPROVER.email));
    const rows: Row[] = [];
    for (const [label, query] of [
      ['GET /api/approvals (first page)', '/api/approvals?page=1&limit=10'],
      ['GET /api/approvals?status=pending', '/api/approvals?page=1&limit=10&status=pending'],
      // Another list on the same data and process: how much of the above is the machine's.
      [
        'GET /api/referrals (first page, another list: reference)',
        '/api/referrals?page=1&limit=10',
      ],
    ] as const) {
      const captured = floor ? await floor.capture.capture({ method: 'GET', url: query }) : null;
      if (captured && captured.status >= 300) {
        throw new Error(`${label} answered ${captured.status} to the capture`);
      }
      // A token of its own for each row, as every list row has (a sign-in lasts 15 minutes).
      const headers = await signIn(api, MAKER.email);
      const measured = await measureEndpoint(
        { method: 'GET', path: query, headers },
        { ...load, baseUrl: api.baseUrl },
      );
      // After the API's, as the main bench's rows (bench.ts measureRow).
      const sql =
        floor && captured && captured.queries.length > 0
          ? await measureSql(floor.pools, captured.queries, load)
          : undefined;
      log(
        `  ${label}: ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99.toFixed(2)} ms` +
          (sql
            ? `; floor (${captured?.queries.length} statements) ${sql.requestsPerSecond.toFixed(0)} req/s, p99 ${sql.p99.toFixed(2)} ms`
            : ''),
      );
      rows.push({
        label,
        kind: label.endsWith('reference)') ? 'reference' : 'list',
        api: measured,
        ...(sql ? { sql, statements: captured?.queries.length } : {}),
        ...(measured.failures > 0 ? { note: `${measured.failures} failed` } : {}),
      });
    }
    const approved = await measureApproving(api, where, approving, log);
    rows.push({
      label: `POST /api/approvals/{id}/approve (approving, ${approved.asked} one after another)`,
      kind: 'list',
      api: approved.approve,
    });
    return approvalsReport(rows, approved, { engine, customers, seeded, load });
  } finally {
    await floor?.capture.close();
    await floor?.pools.end();
    await api.stop();
  }
}

function approvalsReport(
  rows: Row[],
  approved: Approving,
  context: {
    engine: string;
    customers: number;
    seeded: { before: number; inserted: number };
    load: LoadOptions;
  },
): string {
  const ms = (value: number) => (Number.isNaN(value) ? '?' : value.toFixed(2));
  const measured = (label: string, m: Measurement, how: string) =>
    `| ${label} | ${how} | ${m.requests} | ${m.requestsPerSecond.toFixed(0)} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.failures}${m.firstFailure ? ` (${m.firstFailure})` : ''} |`;
  const loaded = `${context.load.connections} connections, ${context.load.warmupSeconds} s warm-up + ${context.load.seconds} s`;
  const onServer = context.engine === 'PostgreSQL';
  // The approving row, one request at a time, has no floor: no floor check for it.
  const unfloored = rows.filter((row) => !row.sql).map((row) => `${row.label}: `);
  const checks = checkTargets(onServer ? rows : [], onServer ? [] : rows).filter(
    (check) =>
      !check.target.endsWith('of its floor') ||
      !unfloored.some((label) => check.target.startsWith(label)),
  );
  const floorLoaded = `node-postgres, ${loaded}`;
  return [
    `${context.engine}, ${context.customers.toLocaleString('en-US')} customers; approvals: ${(context.seeded.before + context.seeded.inserted).toLocaleString('en-US')} requests before the run (${context.seeded.inserted.toLocaleString('en-US')} inserted by this run's SQL), plus the ${approved.asked} asked by the approving row (and those of earlier runs on the same database).`,
    '',
    '| Row | How | Requests | Per second | p50 (ms) | p99 (ms) | Failed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows
      .slice(0, -1)
      .flatMap((row) => [
        row.api
          ? measured(row.label, row.api, `${context.load.generator}, ${loaded}`)
          : `| ${row.label} | not measured | | | | | |`,
        ...(row.sql
          ? [
              measured(
                `its floor: its ${row.statements} statement${row.statements === 1 ? '' : 's'} straight through node-postgres`,
                row.sql,
                floorLoaded,
              ),
            ]
          : []),
      ]),
    measured(
      `POST /api/referrals/admin/manual-points (asking, +${ASKED_POINTS} > ${THRESHOLD}: 202)`,
      approved.ask,
      'one at a time, the maker (an Admin)',
    ),
    measured(
      rows.at(-1)?.label ?? 'approving',
      approved.approve,
      'one at a time, an Owner signed in just before (step-up)',
    ),
    '',
    onServer
      ? "Each list's floor (lib/sql-reference.ts, as the main bench's list rows): the statements one warm request of the row ran (lib/capture.ts, as the maker), replayed in order straight through node-postgres by as many concurrent workers as the load's connections, each where the API sends it (a named read as a named prepared statement on its generic plan, any other on a plain session). The asking and approving rows are not captured (one request at a time, not a list)."
      : 'No floors on embedded PGlite: the capture (lib/capture.ts) and its replay run on PostgreSQL only.',
    '',
    `### Against the list targets (kind 'list', lib/report.ts; ${onServer ? 'the approving row, one at a time, has no floor' : 'embedded: requests/s only'})`,
    '',
    markdownChecks(checks),
  ].join('\n');
}
