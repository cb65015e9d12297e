/**
 * `npm run bench` (issues 3, 14 and 26): seeds a PostgreSQL database with a million customers
 * (once), starts the real API on it, drives it over loopback (h2load where it is installed, else
 * autocannon: lib/load.ts) and compares every endpoint with two references measured in the same
 * run: GET /api/health (the server's own ceiling) and the floor: the statements the endpoint ran
 * (for a list, the admin look-up and the list's statement), issued straight through
 * node-postgres, prepared as the API prepares them.
 * Then the list endpoints once more on embedded PGlite with 100,000 customers.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../apps/api/src/lib/tokens.ts';
import { BULK_SEARCH_TERMS } from '../apps/api/src/db/seed/bulk-seed.service.ts';
import { DISTILLERIES, EMAIL_DOMAINS } from '../apps/api/src/db/seed/catalogue.ts';
import { repoRoot, startApi, type RunningApi } from './lib/api-server.ts';
import { checkoutBefore } from './lib/before-ref.ts';
import { benchApprovals } from './approvals.ts';
import { benchIssue44 } from './issue44.ts';
import { benchIssue46, type Checkout } from './issue46.ts';
import { createQueryCapture, type QueryCapture } from './lib/capture.ts';
import {
  BENCH_ADMIN,
  ensureBenchAdmin,
  ensurePostgresDatabase,
  prepareDatabase,
} from './lib/database.ts';
import { chooseGenerator, measureEndpoint, type LoadOptions, type LoadTarget } from './lib/load.ts';
import { describeMachine } from './lib/machine.ts';
import { exportLine, exportSection, measureExport, type ExportMeasurement } from './lib/export.ts';
import {
  measureReconciliation,
  reconcileLine,
  reconcileSection,
  type ReconcileMeasurement,
} from './lib/reconcile.ts';
import {
  beforeSection,
  checkTargets,
  consoleTable,
  issue46Tables,
  machineLines,
  markdownChecks,
  markdownTable,
  type Row,
  type RowKind,
} from './lib/report.ts';
import {
  explain,
  measureSql,
  openFloorPools,
  type CapturedQuery,
  type FloorPools,
} from './lib/sql-reference.ts';

// The servers run in sessions of their own (lib/api-server.ts): exiting, not dying of the signal,
// lets them be ended with the bench.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

const ONLY = [
  'export',
  'records',
  'issue31',
  'issue44',
  'issue46',
  'reconcile',
  'approvals',
] as const;
type Only = (typeof ONLY)[number];

function onlyFromEnv(raw: string | undefined): Only | null {
  if (raw === undefined || raw === '') return null;
  if ((ONLY as readonly string[]).includes(raw)) return raw as Only;
  throw new Error(`BENCH_ONLY must be ${ONLY.join(', ')}, got "${raw}"`);
}

const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cask_bench',
  customers: numberFromEnv('BENCH_CUSTOMERS', 1_000_000),
  embeddedCustomers: numberFromEnv('BENCH_EMBEDDED_CUSTOMERS', 100_000),
  embeddedDir: process.env.BENCH_EMBEDDED_DIR || path.join(repoRoot, 'bench/.tmp/pglite'),
  seed: numberFromEnv('BENCH_SEED', 42),
  connections: numberFromEnv('BENCH_CONNECTIONS', 10),
  seconds: numberFromEnv('BENCH_SECONDS', 10),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 3),
  skipEmbedded: process.env.BENCH_SKIP_EMBEDDED === '1',
  /**
   * `export`: only issue 29's export row (e.g. against a small seed); `records`: only issue 30's
   * rows (the customer page of the customer with the most orders, and the dashboard's trends);
   * `issue31`: only issue 31's rows (the sorted lists and the palette's search); `issue46`: only
   * issue 46's (bench/issue46.ts: the dashboard, two saves, the restart); `reconcile`: only issue
   * 44's statement (bench/lib/reconcile.ts: a stock statement of 100,000 casks). On PostgreSQL.
   * `issue44`: only issue 44's import (bench/issue44.ts: a 10,000-row valuations import, previewed
   * and applied), on embedded PGlite unless BENCH_ISSUE44_DATABASE_URL names a server.
   * `approvals`: only issue 45's (bench/approvals.ts: the /approvals list and approving), on
   * embedded PGlite unless BENCH_APPROVALS_DATABASE_URL names a server.
   */
  only: onlyFromEnv(process.env.BENCH_ONLY),
  /** BENCH_ONLY=issue46: a commit whose API is measured too, alternately with this checkout's. */
  beforeRef: process.env.BENCH_BEFORE_REF || null,
  /** BENCH_ONLY=issue46: how many times each checkout measures its rows (2 with a before ref). */
  rounds: numberFromEnv('BENCH_ROUNDS', process.env.BENCH_BEFORE_REF ? 2 : 1),
  /** BENCH_ONLY=issue46: restarts of each checkout on each database. */
  restarts: numberFromEnv('BENCH_RESTARTS', 5),
  generator: chooseGenerator(process.env.BENCH_LOAD),
  output:
    process.env.BENCH_OUTPUT ||
    path.join(
      repoRoot,
      process.env.BENCH_ONLY === 'issue46'
        ? 'bench/results/issue46-latest.md'
        : process.env.BENCH_ONLY === 'issue44'
          ? 'bench/results/issue44-latest.md'
          : process.env.BENCH_ONLY === 'reconcile'
            ? 'bench/results/reconcile-latest.md'
            : process.env.BENCH_ONLY === 'approvals'
              ? 'bench/results/approvals-latest.md'
              : 'bench/results/latest.md',
    ),
  /** An earlier run's report (e.g. of the commit before a change), shown beside this run's. */
  before: process.env.BENCH_BEFORE || null,
};

if (settings.beforeRef !== null && settings.only !== 'issue46') {
  throw new Error("BENCH_BEFORE_REF measures issue 46's rows only: set BENCH_ONLY=issue46 too");
}

// Every measurement signs a token of its own (the run lasts longer than one), which must outlive it.
if (settings.warmupSeconds + settings.seconds > ACCESS_TOKEN_TTL_SECONDS / 2) {
  throw new Error(
    `BENCH_WARMUP_SECONDS + BENCH_SECONDS must be at most ${ACCESS_TOKEN_TTL_SECONDS / 2}: an access token lives ${ACCESS_TOKEN_TTL_SECONDS} s`,
  );
}

const log = (line: string) => console.info(line);

interface Endpoint {
  label: string;
  kind: RowKind;
  /** Without the token: each measurement signs its own (`Auth`). */
  target: LoadTarget;
  /** Sent with an admin's access token. */
  authenticated: boolean;
  /** GET endpoints get an SQL reference. */
  reference: boolean;
}

/**
 * The authorization header of the bench's admin with a token signed now. Access tokens live
 * 15 minutes and a run lasts longer (on a machine half as fast as this one, the PostgreSQL part
 * alone did), so every measurement, probe and capture asks for a fresh one.
 */
type Auth = () => Promise<Record<string, string>>;

function adminAuth(jwtSecret: string, adminId: string): Auth {
  return async () => ({
    authorization: `Bearer ${await signAccessToken(jwtSecret, { adminId, tokenVersion: 0 })}`,
  });
}

/** A distillery: the cask search matches about one cask in eighteen (name or distillery). */
const CASK_SEARCH_TERM = DISTILLERIES[1]!.name.toLowerCase();

async function lastPage(api: RunningApi, auth: Auth, list: string): Promise<number> {
  const response = await fetch(`${api.baseUrl}${list}`, { headers: await auth() });
  const body = (await response.json()) as { data?: { pagination?: { pages?: number } } };
  return Math.max(1, body.data?.pagination?.pages ?? 1);
}

/** A customer's e-mail part that matches about a third of them (the seeder's second domain). */
const EMAIL_PART_TERM = EMAIL_DOMAINS[1];

/**
 * Issue 31's rows: sorted lists at 1M customers, each way and at both ends (on the `(column, id)`
 * indexes of decision 240), and the command palette's search (GET /search, decision 260) for a
 * rare term, a 2% term and a part of an e-mail matching a third of the customers.
 */
function issue31Endpoints(pages: { users: number }): Endpoint[] {
  const get = (label: string, kind: RowKind, pathAndQuery: string): Endpoint => ({
    label,
    kind,
    target: { method: 'GET', path: pathAndQuery },
    authenticated: true,
    reference: true,
  });
  return [
    get('GET /api/users?sort=fullName', 'list', '/api/users?page=1&limit=6&sort=fullName'),
    get('GET /api/users?sort=-fullName', 'list', '/api/users?page=1&limit=6&sort=-fullName'),
    get(
      `GET /api/users?page=${pages.users}&limit=6&sort=-email (last page, sorted)`,
      'list',
      `/api/users?page=${pages.users}&limit=6&sort=-email`,
    ),
    get(
      'GET /api/purchases?sort=-investmentAmount',
      'list',
      '/api/purchases?page=1&limit=20&sort=-investmentAmount',
    ),
    get(
      `GET /api/search?q=${BULK_SEARCH_TERMS.rare} (palette, rare)`,
      'palette',
      `/api/search?q=${BULK_SEARCH_TERMS.rare}`,
    ),
    get(
      `GET /api/search?q=${BULK_SEARCH_TERMS.common} (palette, 2%)`,
      'palette',
      `/api/search?q=${BULK_SEARCH_TERMS.common}`,
    ),
    get(
      `GET /api/search?q=${EMAIL_PART_TERM} (palette, e-mail part, a third)`,
      'palette',
      `/api/search?q=${EMAIL_PART_TERM}`,
    ),
  ];
}

function listEndpoints(pages: { users: number; casks: number }): Endpoint[] {
  const get = (label: string, kind: RowKind, pathAndQuery: string): Endpoint => ({
    label,
    kind,
    target: { method: 'GET', path: pathAndQuery },
    authenticated: true,
    reference: true,
  });
  const first = (label: string, pathAndQuery: string) => get(label, 'list', pathAndQuery);
  // The seven lists of issue 14: each one's first page, and its searches and filters.
  return [
    first('GET /api/users?page=1&limit=6', '/api/users?page=1&limit=6'),
    get(
      `GET /api/users?page=${pages.users}&limit=6 (last page)`,
      'list',
      `/api/users?page=${pages.users}&limit=6`,
    ),
    ...issue31Endpoints(pages),
    get(
      `GET /api/users?search=${BULK_SEARCH_TERMS.rare} (rare)`,
      'search-rare',
      `/api/users?page=1&limit=6&search=${BULK_SEARCH_TERMS.rare}`,
    ),
    get(
      `GET /api/users?search=${BULK_SEARCH_TERMS.common} (2%)`,
      'search-common',
      `/api/users?page=1&limit=6&search=${BULK_SEARCH_TERMS.common}`,
    ),
    first(
      'GET /api/referrals/admin/rewards?page=1&limit=6',
      '/api/referrals/admin/rewards?page=1&limit=6',
    ),
    get(
      `GET /api/referrals/admin/rewards?search=${BULK_SEARCH_TERMS.common} (2%)`,
      'search-common',
      `/api/referrals/admin/rewards?page=1&limit=6&search=${BULK_SEARCH_TERMS.common}`,
    ),
    first('GET /api/notifications?page=1&limit=10', '/api/notifications?page=1&limit=10'),
    // Issue 13: the Orders screen (250,000 orders), p99 at most 15 ms each (decision 152).
    first('GET /api/purchases?page=1&limit=20', '/api/purchases?page=1&limit=20'),
    get(
      `GET /api/purchases?search=${BULK_SEARCH_TERMS.common} (2%)`,
      'search-common',
      `/api/purchases?page=1&limit=20&search=${BULK_SEARCH_TERMS.common}`,
    ),
    get(
      'GET /api/purchases?status=Pending',
      'list',
      '/api/purchases?page=1&limit=20&status=Pending',
    ),
    // Offers (decision 144): the first page, a search over titles and descriptions, a type.
    first('GET /api/offers?page=1&limit=10', '/api/offers?page=1&limit=10'),
    get(
      'GET /api/offers?search=year old (a third)',
      'search-common',
      '/api/offers?page=1&limit=10&search=year%20old',
    ),
    get('GET /api/offers?type=bottle', 'list', '/api/offers?page=1&limit=10&type=bottle'),
    first('GET /api/casks?page=1&limit=10', '/api/casks?page=1&limit=10'),
    get(
      `GET /api/casks?page=${pages.casks}&limit=10 (last page)`,
      'list',
      `/api/casks?page=${pages.casks}&limit=10`,
    ),
    get(
      `GET /api/casks?search=${CASK_SEARCH_TERM}`,
      'search-common',
      `/api/casks?page=1&limit=10&search=${CASK_SEARCH_TERM}`,
    ),
    first('GET /api/referrals?page=1&limit=10', '/api/referrals?page=1&limit=10'),
    get(
      'GET /api/referrals?status=pending',
      'list',
      '/api/referrals?page=1&limit=10&status=pending',
    ),
    get(
      `GET /api/referrals?search=${BULK_SEARCH_TERMS.rare} (rare)`,
      'search-rare',
      `/api/referrals?page=1&limit=10&search=${BULK_SEARCH_TERMS.rare}`,
    ),
    get(
      `GET /api/referrals?search=${BULK_SEARCH_TERMS.common} (2%)`,
      'search-common',
      `/api/referrals?page=1&limit=10&search=${BULK_SEARCH_TERMS.common}`,
    ),
  ];
}

async function measureRow(
  endpoint: Endpoint,
  api: RunningApi,
  load: LoadOptions,
  auth: Auth,
  reference: {
    pools: FloorPools;
    capture: QueryCapture;
    plans: string[];
  } | null,
): Promise<Row> {
  const row: Row = { label: endpoint.label, kind: endpoint.kind };
  const target = await withToken(endpoint, auth);
  // One request first: a missing endpoint is reported as such, not as a throughput of 404s.
  const probe = await fetch(api.baseUrl + target.path, {
    method: target.method,
    headers: {
      ...target.headers,
      ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
  });
  if (probe.status === 404 && target.method === 'GET') {
    row.note = 'not implemented yet (404)';
    log(`  ${endpoint.label}: ${row.note}`);
    return row;
  }
  let captured: CapturedQuery[] = [];
  if (reference && endpoint.reference) {
    const capture = await reference.capture.capture({ method: 'GET', url: target.path });
    if (capture.status >= 300) throw new Error(`${endpoint.label} answered ${capture.status}`);
    captured = capture.queries;
    row.statements = captured.length;
    reference.plans.push(`## ${endpoint.label}\n`);
    row.databaseMs = 0;
    for (const [index, query] of captured.entries()) {
      const plan = await explain(reference.pools, query);
      for (const match of plan.matchAll(/(?:Planning|Execution) Time: ([\d.]+) ms/g)) {
        row.databaseMs += Number(match[1]);
      }
      reference.plans.push(
        `### statement ${index + 1}\n\n\`\`\`sql\n${query.sql}\n-- params: ${JSON.stringify(query.params)}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n`,
      );
    }
  }
  // Signed again after the capture and the plans: the token is as fresh as the measurement.
  row.api = await measureEndpoint(await withToken(endpoint, auth), load);
  if (row.api.failures > 0) row.note = `${row.api.failures} failed (${row.api.firstFailure})`;
  if (reference && captured.length > 0) {
    row.sql = await measureSql(reference.pools, captured, load);
  }
  log(
    `  ${endpoint.label}: ${row.api.requestsPerSecond.toFixed(0)} req/s, p99 ${row.api.p99.toFixed(2)} ms` +
      (row.sql ? `; floor ${row.sql.requestsPerSecond.toFixed(0)} req/s` : ''),
  );
  return row;
}

async function withToken(endpoint: Endpoint, auth: Auth): Promise<LoadTarget> {
  if (!endpoint.authenticated) return endpoint.target;
  return { ...endpoint.target, headers: { ...endpoint.target.headers, ...(await auth()) } };
}

/**
 * Each list once under load before any is measured. A fresh API process served its first list
 * about a fifth slower for its first 3-5 s under load (the first of three 3-second runs: 9,800
 * requests/s, then 12,700-13,000; no garbage collection to blame), while V8 compiled the shared
 * list path on a background thread that the saturated cores left little time. The endpoint's own
 * warm-up (BENCH_WARMUP_SECONDS) did not cover it, and the first list measured was always the
 * users' first page. Both the PostgreSQL and the embedded runs start a fresh API, so both do it.
 */
async function warmUpLists(
  endpoints: readonly Endpoint[],
  load: LoadOptions,
  auth: Auth,
): Promise<void> {
  for (const endpoint of endpoints) {
    await measureEndpoint(await withToken(endpoint, auth), {
      ...load,
      warmupSeconds: 0,
      seconds: 1,
    });
  }
}

async function customerIds(pool: pg.Pool, count: number): Promise<string[]> {
  const result = await pool.query<{ id: string }>(
    'select id from customers where deleted_at is null order by id limit $1',
    [count],
  );
  return result.rows.map((row) => row.id);
}

/** The customer with the most visible orders: the customer page's heaviest case (issue 30). */
async function busiestCustomer(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ id: string }>(
    'select customer_id as id from orders where deleted_at is null' +
      ' group by customer_id order by count(*) desc, customer_id limit 1',
  );
  return result.rows[0]?.id ?? '00000000-0000-0000-0000-000000000000';
}

/**
 * Issue 30's rows: the dashboard's trends, then the customer page of the customer with the most
 * orders, every request it makes: its cards and the first page of each of its five sections.
 */
async function measureRecords(
  pool: pg.Pool,
  api: RunningApi,
  apiLoad: LoadOptions & { baseUrl: string },
  auth: Auth,
  reference: Parameters<typeof measureRow>[4],
): Promise<Row[]> {
  const busiest = await busiestCustomer(pool);
  const page = 'page=1&limit=5';
  const targets = [
    ['GET /api/admin/dashboard/trends', '/api/admin/dashboard/trends'],
    ['GET /api/users/{id}/record (most orders)', `/api/users/${busiest}/record`],
    ['GET /api/users/{id}/casks (most orders)', `/api/users/${busiest}/casks?${page}`],
    ['GET /api/users/{id}/orders (most orders)', `/api/users/${busiest}/orders?${page}`],
    ['GET /api/users/{id}/referrals (most orders)', `/api/users/${busiest}/referrals?${page}`],
    ['GET /api/users/{id}/points (most orders)', `/api/users/${busiest}/points?${page}`],
    [
      'GET /api/users/{id}/notifications (most orders)',
      `/api/users/${busiest}/notifications?${page}`,
    ],
  ] as const;
  const rows: Row[] = [];
  for (const [label, path] of targets) {
    rows.push(
      await measureRow(
        {
          label,
          // The customer page's requests are held to the list targets (issue 30); the trends
          // are a read.
          kind: path.startsWith('/api/users/') ? 'list' : 'read',
          target: { method: 'GET', path },
          authenticated: true,
          reference: true,
        },
        api,
        apiLoad,
        auth,
        reference,
      ),
    );
  }
  return rows;
}

async function listPages(api: RunningApi, auth: Auth) {
  return {
    users: await lastPage(api, auth, '/api/users?page=1&limit=6'),
    casks: await lastPage(api, auth, '/api/casks?page=1&limit=10'),
  };
}

/** The PostgreSQL database of the run: created, seeded once (or reused), with the bench's admin. */
async function preparePostgres() {
  log(`PostgreSQL: ${settings.databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  await ensurePostgresDatabase(settings.databaseUrl);
  const seeding = await prepareDatabase(
    { url: settings.databaseUrl },
    settings.customers,
    settings.seed,
    log,
  );
  const adminId = await ensureBenchAdmin({ url: settings.databaseUrl });
  return { seeding, adminId };
}

async function benchPostgres(load: LoadOptions) {
  const { seeding, adminId } = await preparePostgres();
  const floorPools = openFloorPools(settings.databaseUrl, settings.connections);
  const { pool, generic } = floorPools;
  const version =
    (await pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ??
    '?';
  const postgres = `PostgreSQL ${version}`;
  const rows: Row[] = [];
  const plans: string[] = [];
  let nothingToMeasure = false;
  let exported: ExportMeasurement | null = null;
  let reconciled: ReconcileMeasurement | null = null;
  const api = await startApi({ url: settings.databaseUrl });
  let capture: QueryCapture | null = null;
  try {
    const auth = adminAuth(api.jwtSecret, adminId);
    const health = await measureEndpoint(
      { method: 'GET', path: '/api/health' },
      { ...load, baseUrl: api.baseUrl },
    );
    rows.push({ label: 'GET /api/health (reference)', kind: 'reference', api: health });
    log(`  GET /api/health: ${health.requestsPerSecond.toFixed(0)} req/s`);
    const probe = await fetch(`${api.baseUrl}/api/users?page=1&limit=6`, {
      headers: await auth(),
    });
    if (probe.status === 404) {
      nothingToMeasure = true;
      log('nothing to measure yet: the users API (GET /api/users) does not exist');
    } else if (settings.only === 'reconcile') {
      reconciled = await measureReconciliation(pool, api, await auth());
      log(reconcileLine(reconciled));
    } else if (settings.only === 'export') {
      exported = await measureExport(api, await auth());
      log(exportLine(exported));
    } else if (settings.only === 'records') {
      capture = await createQueryCapture(settings.databaseUrl, adminId);
      const reference = { pools: { pool, generic }, capture, plans };
      rows.push(
        ...(await measureRecords(pool, api, { ...load, baseUrl: api.baseUrl }, auth, reference)),
      );
    } else {
      const apiLoad = { ...load, baseUrl: api.baseUrl };
      capture = await createQueryCapture(settings.databaseUrl, adminId);
      const reference = { pools: { pool, generic }, capture, plans };
      const pages = await listPages(api, auth);
      const endpoints =
        settings.only === 'issue31' ? issue31Endpoints(pages) : listEndpoints(pages);
      await warmUpLists(endpoints, apiLoad, auth);
      for (const endpoint of endpoints) {
        rows.push(await measureRow(endpoint, api, apiLoad, auth, reference));
      }
      // BENCH_ONLY=issue31 stops after its rows.
      if (settings.only === null) await measureTheRest(apiLoad, reference);
    }
  } finally {
    await capture?.close();
    await api.stop();
    await floorPools.end();
  }
  return { rows, plans, postgres, seeding, nothingToMeasure, exported, reconciled };

  /** The dashboard, the customer page, the write, the sign-in and the export. */
  async function measureTheRest(
    apiLoad: LoadOptions & { baseUrl: string },
    reference: Parameters<typeof measureRow>[4] & object,
  ): Promise<void> {
    const auth = adminAuth(api.jwtSecret, adminId);
    rows.push(
      await measureRow(
        {
          label: 'GET /api/admin/dashboard',
          kind: 'read',
          target: { method: 'GET', path: '/api/admin/dashboard' },
          authenticated: true,
          reference: true,
        },
        api,
        apiLoad,
        auth,
        reference,
      ),
    );
    rows.push(...(await measureRecords(pool, api, apiLoad, auth, reference)));
    // Alternate each customer between inactive and active, so the run leaves them as it found them.
    const ids = await customerIds(pool, 200);
    const bodies = [false, true].flatMap((isActive) =>
      ids.map((id) => ({ path: `/api/users/${id}`, body: { isActive } })),
    );
    const firstId = ids[0] ?? '00000000-0000-0000-0000-000000000000';
    rows.push(
      await measureRow(
        {
          label: 'PUT /api/users/{id} (isActive)',
          kind: 'write',
          target: {
            method: 'PUT',
            path: `/api/users/${firstId}`,
            body: { isActive: true },
            bodies,
          },
          authenticated: true,
          reference: false,
        },
        api,
        apiLoad,
        auth,
        null,
      ),
    );
    rows.push(
      await measureRow(
        {
          label: 'POST /api/auth/login',
          kind: 'sign-in',
          target: {
            method: 'POST',
            path: '/api/auth/login',
            body: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
          },
          authenticated: false,
          reference: false,
        },
        api,
        apiLoad,
        auth,
        null,
      ),
    );
    // Issue 29: last, so its memory cannot be mistaken for the lists' (a fresh measure of RSS).
    exported = await measureExport(api, await auth());
    log(exportLine(exported));
  }
}

async function benchEmbedded(load: LoadOptions): Promise<Row[]> {
  log(`Embedded PGlite in ${path.relative(repoRoot, settings.embeddedDir)}`);
  mkdirSync(settings.embeddedDir, { recursive: true });
  const where = { dataDir: settings.embeddedDir };
  await prepareDatabase(where, settings.embeddedCustomers, settings.seed, log);
  const adminId = await ensureBenchAdmin(where);
  const api = await startApi(where);
  const rows: Row[] = [];
  try {
    const auth = adminAuth(api.jwtSecret, adminId);
    const apiLoad = { ...load, baseUrl: api.baseUrl };
    const health = await measureEndpoint({ method: 'GET', path: '/api/health' }, apiLoad);
    rows.push({ label: 'GET /api/health (reference)', kind: 'reference', api: health });
    const probe = await fetch(`${api.baseUrl}/api/users?page=1&limit=6`, {
      headers: await auth(),
    });
    if (probe.status === 404) return rows;
    const endpoints = listEndpoints(await listPages(api, auth));
    await warmUpLists(endpoints, apiLoad, auth);
    for (const endpoint of endpoints) {
      rows.push(await measureRow(endpoint, api, apiLoad, auth, null));
    }
  } finally {
    await api.stop();
  }
  return rows;
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    return `PostgreSQL ${result.rows[0]?.v ?? '?'}`;
  } finally {
    await client.end();
  }
}

/**
 * The head of a BENCH_ONLY run's report, down to its Rows heading: the title, when it was written
 * and how long the run took, the Machine section (the machine, `postgres`, the load average at the
 * start and at the end, then the run's own `notes`). With `flagLoaded`, a load average above 1 at
 * either end is called a loaded machine in the load line.
 */
function reportHead(head: {
  title: string;
  minutes: string;
  postgres: string;
  loadAtStart: number;
  flagLoaded?: boolean;
  notes: readonly string[];
}): string[] {
  const loadAtEnd = os.loadavg()[0] ?? 0;
  const loaded = head.flagLoaded === true && Math.max(head.loadAtStart, loadAtEnd) > 1;
  return [
    `# ${head.title}`,
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()} (the whole run took ${head.minutes} min).`,
    '',
    '## Machine',
    '',
    machineLines(describeMachine(), head.postgres),
    `- Load average (1 min): ${head.loadAtStart.toFixed(1)} at the start of the run, ${loadAtEnd.toFixed(1)} at the end${loaded ? ': **a loaded machine**, other work competed for the cores; not a quiet measurement' : ''}.`,
    ...head.notes,
    '',
    '## Rows',
    '',
  ];
}

/** Writes a run's report to BENCH_OUTPUT's file and prints its rows with where they went. */
function writeReport(markdown: string, rows: string, minutes: string): void {
  mkdirSync(path.dirname(settings.output), { recursive: true });
  writeFileSync(settings.output, markdown);
  console.info(
    `\n${rows}\n\nWritten to ${path.relative(repoRoot, settings.output)} (${minutes} min).`,
  );
}

/** BENCH_ONLY=issue46 (bench/issue46.ts), with BENCH_BEFORE_REF's commit measured beside it. */
async function runIssue46(load: LoadOptions, started: number, loadAtStart: number) {
  // The before commit first: a ref that cannot be checked out should not cost a seeding.
  const checkouts: Checkout[] = [];
  if (settings.beforeRef !== null) {
    const root = checkoutBefore(settings.beforeRef, log);
    checkouts.push({ name: 'before', ref: settings.beforeRef, root });
  }
  checkouts.push({ name: 'after', ref: 'this checkout', root: repoRoot });
  const { seeding, adminId } = await preparePostgres();
  const result = await benchIssue46({
    databaseUrl: settings.databaseUrl,
    adminId,
    checkouts,
    rounds: settings.rounds,
    restarts: settings.restarts,
    load,
    log,
  });
  const tables = issue46Tables(result.rows, result.restarts);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const markdown = [
    ...reportHead({
      title: 'Benchmark: issue 46 (BENCH_ONLY=issue46)',
      minutes,
      postgres: await postgresVersion(settings.databaseUrl),
      loadAtStart,
      notes: [
        `- Load: ${settings.generator} (the two saves, whose bodies change per request, through autocannon), ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per row and run; the API's production bundle in its own process, started anew for each checkout and round.`,
        `- Data: ${settings.customers.toLocaleString('en-US')} customers (seed ${settings.seed}; ${seeding.reused ? 'reused from an earlier run' : `seeded in this run in ${seeding.seconds.toFixed(0)} s`}); the restarts on the demo data (SEED_DEMO=true), a database of each checkout's own.`,
        `- Checkouts: ${checkouts.map((checkout) => `${checkout.name} = ${checkout.ref}`).join(', ')}; ${settings.rounds} run(s) of each row per checkout, alternately (${checkouts.map((checkout) => checkout.name).join(', ')}, ...), and ${settings.restarts} restarts of each per database.`,
      ],
    }),
    'Statements: what one warm request sent through drizzle and the reader; round trips: the driver\'s `query` calls for it, BEGIN and COMMIT included, as the look-up of the admin (authentication) + the rest; a save\'s 3 round trips are checked on the rest (docs/decisions/391). Several runs of a checkout are separated by " / ", in the order measured.',
    '',
    tables,
    '',
  ].join('\n');
  writeReport(markdown, tables, minutes);
}

/** BENCH_ONLY=issue44 (bench/issue44.ts): the valuations import, preview and apply. */
async function runIssue44(started: number, loadAtStart: number) {
  const table = await benchIssue44(log);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const markdown = [
    ...reportHead({
      title: 'Benchmark: issue 44 (BENCH_ONLY=issue44)',
      minutes,
      postgres: 'PostgreSQL as the table says (PGlite: embedded)',
      loadAtStart,
      notes: [
        "- One request at a time: the preview (multipart upload, parse, match, judge), then the apply of that preview (one transaction, the rows recorded set-based by Record Valuation's own path, decision 405); the API's production bundle in its own process; memory is its VmRSS sampled every 20 ms during each request against the idle process just before.",
      ],
    }),
    table,
    '',
  ].join('\n');
  writeReport(markdown, table, minutes);
}

/** BENCH_ONLY=approvals (bench/approvals.ts): issue 45's /approvals list and approving. */
async function runApprovals(load: LoadOptions, started: number, loadAtStart: number) {
  const table = await benchApprovals(load, log);
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const markdown = [
    ...reportHead({
      title: 'Benchmark: issue 45, approvals (BENCH_ONLY=approvals)',
      minutes,
      postgres: 'PostgreSQL as the table says (PGlite: embedded)',
      loadAtStart,
      flagLoaded: true,
      notes: [
        `- The list rows: ${settings.generator}, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s each; asking and approving one request at a time; the API's production bundle in its own process.`,
      ],
    }),
    table,
    '',
  ].join('\n');
  writeReport(markdown, table, minutes);
}

async function main(): Promise<void> {
  const started = Date.now();
  const machine = describeMachine();
  // Read first: a wrong path should not cost a whole run.
  const before =
    settings.before === null
      ? null
      : { report: readFileSync(settings.before, 'utf8'), source: path.basename(settings.before) };
  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart > machine.cores) {
    log(
      `warning: load average ${loadAtStart.toFixed(1)} on ${machine.cores} cores: other work competes with the run`,
    );
  }
  log(`Load generator: ${settings.generator}`);
  const load: LoadOptions = {
    generator: settings.generator,
    baseUrl: '',
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
    seconds: settings.seconds,
  };
  if (settings.only === 'issue46') return runIssue46(load, started, loadAtStart);
  if (settings.only === 'issue44') return runIssue44(started, loadAtStart);
  if (settings.only === 'approvals') return runApprovals(load, started, loadAtStart);
  const server = await benchPostgres(load);
  const embedded = settings.skipEmbedded || settings.only !== null ? [] : await benchEmbedded(load);
  const health = server.rows.find((row) => row.kind === 'reference')?.api;
  const embeddedHealth = embedded.find((row) => row.kind === 'reference')?.api;

  console.info(
    `\n${settings.customers.toLocaleString('en-US')} customers on ${server.postgres}, ${settings.connections} connections, ${settings.seconds} s each after ${settings.warmupSeconds} s warm-up\n`,
  );
  console.info(consoleTable(server.rows, health));
  if (embedded.length > 0) {
    console.info(
      `\nEmbedded PGlite, ${settings.embeddedCustomers.toLocaleString('en-US')} customers\n`,
    );
    console.info(consoleTable(embedded, embeddedHealth));
  }
  const checks = checkTargets(server.rows, embedded);
  const loadAtEnd = os.loadavg()[0] ?? 0;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);

  const generator =
    settings.generator === 'h2load'
      ? {
          name: 'h2load (nghttp2, HTTP/1.1, one thread; latencies from its per-request log)',
          where:
            'h2load in its own process and session (C++, started for each measurement; the write, whose body changes per request, through autocannon in the bench process), the floor in the bench process',
        }
      : { name: 'autocannon', where: 'autocannon and the floor in the bench process' };
  const markdown = [
    '# Benchmark: latest run',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString()} (the whole run took ${minutes} min).`,
    '',
    '## Machine',
    '',
    machineLines(machine, server.postgres),
    `- Load average (1 min) of the machine: ${loadAtStart.toFixed(1)} at the start of the run, ${loadAtEnd.toFixed(1)} at the end (anything above 0 is other work competing for the same cores).`,
    `- Load: ${generator.name} over loopback, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up then ${settings.seconds} s per endpoint, each with an access token signed for it; the API in its own process and session (decision 188; its production bundle apps/api/dist/server.js, NODE_ENV=production, LOG_LEVEL=warn, sign-in throttle and per-IP flood guard raised through LOGIN_* and RATE_LIMIT_PER_MINUTE), ${generator.where}, all on this one machine.`,
    `- Data: ${settings.customers.toLocaleString('en-US')} customers and proportionate casks, orders, referrals, point transactions and notifications (seed ${settings.seed}; ${server.seeding.reused ? 'reused from an earlier run' : `seeded in this run in ${server.seeding.seconds.toFixed(0)} s`}). Search terms: '${BULK_SEARCH_TERMS.common}' matches 2% of customers, '${BULK_SEARCH_TERMS.rare}' a handful.`,
    '',
    server.nothingToMeasure
      ? '**Nothing to measure yet: the users API (GET /api/users) does not exist.** Only the reference was measured.\n'
      : '',
    '## PostgreSQL server',
    '',
    'Ratio to health: requests/s of the endpoint over requests/s of GET /api/health. Floor: the statements one warm request ran (for a list, the admin look-up and the list itself), replayed in order straight through node-postgres by 10 concurrent workers, each where the API sends it: a named read as a named prepared statement on a session that runs its generic plan, any other statement (a search, planned with its values every time) on a plain one. Ratio to floor: requests/s of the endpoint over requests/s of its floor. Statements: how many one request runs. Database ms: their planning plus execution time in one `EXPLAIN (ANALYZE, BUFFERS)`.',
    '',
    markdownTable(server.rows, health),
    '',
    ...(embedded.length > 0
      ? [
          `## Embedded PGlite, ${settings.embeddedCustomers.toLocaleString('en-US')} customers`,
          '',
          markdownTable(embedded, embeddedHealth),
          '',
        ]
      : []),
    exportSection(server.exported, settings.customers),
    reconcileSection(server.reconciled),
    '## Targets (issue 26)',
    '',
    markdownChecks(checks),
    '',
    'The statements and their `EXPLAIN (ANALYZE, BUFFERS)` plans, as captured in this run, are in [plans-latest.md](plans-latest.md).',
    '',
    ...(before === null
      ? []
      : [beforeSection(before.report, before.source, { server: server.rows, embedded })]),
  ].join('\n');
  mkdirSync(path.dirname(settings.output), { recursive: true });
  writeFileSync(settings.output, markdown);
  if (server.plans.length > 0) {
    writeFileSync(
      path.join(path.dirname(settings.output), 'plans-latest.md'),
      `# Plans captured by the latest \`npm run bench\`\n\n${settings.customers.toLocaleString('en-US')} customers, ${server.postgres}.\n\n${server.plans.join('\n')}`,
    );
  }
  console.info(
    `\n${markdownChecks(checks)}\n\nWritten to ${path.relative(repoRoot, settings.output)} (${minutes} min).`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
