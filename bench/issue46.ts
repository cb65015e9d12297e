/**
 * `BENCH_ONLY=issue46`: issue 46's rows (the slow paths), each with its statements and round
 * trips: the dashboard, a customer's save, a bulk status change of 10 orders, and the restart on
 * the demo data (PGlite and PostgreSQL). With `BENCH_BEFORE_REF=<commit>` the same rows of that
 * commit's API, alternately: before, after, before, after (docs/decisions/391).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { signAccessToken } from '../apps/api/src/lib/tokens.ts';
import { repoRoot, startApi, type RunningApi } from './lib/api-server.ts';
import { createQueryCapture, type QueryCapture } from './lib/capture.ts';
import { measureEndpoint, type LoadOptions, type LoadTarget } from './lib/load.ts';
import { startFloor, startPhases, type StartFloor } from './lib/start-floor.ts';
import { median, type Measurement } from './lib/stats.ts';

/** The checkout whose API is measured: this one (`after`) or BENCH_BEFORE_REF's (`before`). */
export interface Checkout {
  name: 'before' | 'after';
  /** The commit or "this checkout", for the report. */
  ref: string;
  root: string;
}

export interface Issue46Run {
  checkout: 'before' | 'after';
  api?: Measurement;
  statements?: number;
  /** The request's round trips, BEGIN and COMMIT included. */
  roundTrips?: number;
  /** Of those, the authentication's look-up of the admin (the leading reads of `admins`). */
  lookUpRoundTrips?: number;
  note?: string;
}

/** The round trips of a save, less the authentication's look-up that every request makes. */
const savedRoundTrips = (run: Issue46Run) =>
  run.roundTrips === undefined ? Infinity : run.roundTrips - (run.lookUpRoundTrips ?? 0);

export interface Issue46Row {
  label: string;
  target: string;
  runs: Issue46Run[];
  /** Every run of this checkout met the target (null: not measured). */
  met: boolean | null;
}

export interface RestartRow {
  label: string;
  target: string;
  /** Spawn to the first 200 of /api/ready, one per restart, in ms. */
  readyMs: Record<'before' | 'after', number[]>;
  /** What the server printed ("Ready in N s"), one per restart; the before commit may not. */
  printed: Record<'before' | 'after', string[]>;
  /** The phases the server logged ('start-up timings'), one per restart that logged them. */
  phases: Record<'before' | 'after', Record<string, number>[]>;
  /** PostgreSQL's: the floor under this checkout's start (lib/start-floor.ts), once a restart. */
  floor?: StartFloor;
  met: boolean | null;
}

interface RowSpec {
  label: string;
  target: string;
  met: (run: Issue46Run) => boolean;
  load: LoadTarget;
  /** The request whose statements are counted, and the one sent before it to warm up. */
  captured: { method: 'GET' | 'PUT' | 'POST'; url: string; body?: unknown };
  warmUp?: { method: 'GET' | 'PUT' | 'POST'; url: string; body?: unknown };
}

export interface Issue46Settings {
  databaseUrl: string;
  adminId: string;
  checkouts: readonly Checkout[];
  rounds: number;
  restarts: number;
  load: LoadOptions;
  log: (line: string) => void;
}

const MISSING_ID = '00000000-0000-0000-0000-000000000000';

/** Each order alternates between its own status and the next one of the four. */
const STATUSES = ['Active', 'Pending', 'Delivered', 'Reject'];
const otherStatus = (status: string) =>
  STATUSES[(STATUSES.indexOf(status) + 1) % STATUSES.length] ?? 'Active';

/** The authentication's look-up (plugins/authenticate.ts) reads the admin's row. */
const READS_ADMINS = /\bfrom\s+"?admins"?\b/i;

/**
 * The rows' requests. The two writes cycle through bodies that change something every time
 * (lib/load.ts keeps each cycle's place between runs): 200 customers set inactive, then active
 * again; groups of 10 visible orders of all four statuses, each set to the next status, then back,
 * each request another group (more groups than connections, so no two requests in flight share
 * an order). Before decision 390 a bulk change's statements (one a row) each locked the status
 * counters they moved, so two concurrent changes moving other pairs locked them in other orders
 * and deadlocked (40P01); one statement moves them all in name order. The capture's request is
 * kept out of the cycles: one more customer, one more group.
 */
async function rowSpecs(pool: pg.Pool): Promise<RowSpec[]> {
  const customers = (
    await pool.query<{ id: string }>(
      'select id from customers where deleted_at is null order by id limit 201',
    )
  ).rows.map((row) => row.id);
  const captureCustomer = customers.pop() ?? MISSING_ID;
  const userBodies = [false, true].flatMap((isActive) =>
    customers.map((id) => ({ path: `/api/users/${id}`, body: { isActive } })),
  );
  const visible = (
    await pool.query<{ id: string; status: string }>(
      'select id, status from orders where deleted_at is null order by id limit 1010',
    )
  ).rows;
  const groups: { id: string; status: string }[][] = [];
  for (let at = 0; at + 10 <= visible.length; at += 10) groups.push(visible.slice(at, at + 10));
  const captureGroup = groups.pop() ?? [];
  const changes = (group: typeof captureGroup, other: boolean) => ({
    changes: group.map(({ id, status }) => ({ id, status: other ? otherStatus(status) : status })),
  });
  const bulkBodies = [true, false].flatMap((other) =>
    groups.map((group) => ({ path: '/api/purchases/bulk/status', body: changes(group, other) })),
  );
  const writeMet = (p99: number) => (run: Issue46Run) =>
    run.api !== undefined && run.api.p99 <= p99 && savedRoundTrips(run) <= 3;
  return [
    {
      label: 'GET /api/admin/dashboard',
      target: '>= 1,000 requests/s, p99 <= 25 ms',
      met: (run) => run.api !== undefined && run.api.requestsPerSecond >= 1000 && run.api.p99 <= 25,
      load: { method: 'GET', path: '/api/admin/dashboard' },
      captured: { method: 'GET', url: '/api/admin/dashboard' },
    },
    {
      label: 'PUT /api/users/{id} (isActive)',
      target: 'p99 <= 30 ms, <= 3 round trips besides the look-up',
      met: writeMet(30),
      load: {
        method: 'PUT',
        path: userBodies[0]?.path ?? `/api/users/${MISSING_ID}`,
        bodies: userBodies,
      },
      captured: { method: 'PUT', url: `/api/users/${captureCustomer}`, body: { isActive: true } },
      warmUp: { method: 'PUT', url: `/api/users/${captureCustomer}`, body: { isActive: false } },
    },
    {
      label: 'POST /api/purchases/bulk/status (10 orders)',
      target: 'p99 <= 60 ms, <= 3 round trips besides the look-up',
      met: writeMet(60),
      load: { method: 'POST', path: '/api/purchases/bulk/status', bodies: bulkBodies },
      captured: {
        method: 'POST',
        url: '/api/purchases/bulk/status',
        body: changes(captureGroup, false),
      },
      warmUp: {
        method: 'POST',
        url: '/api/purchases/bulk/status',
        body: changes(captureGroup, true),
      },
    },
  ];
}

/**
 * The start stamp of decision 388 (the comment of drizzle's migrations table) cleared, so that
 * the next start applies its own checkout's migrations and db/sql files: a before commit replaces
 * the functions with its own versions, and one older than the stamp does not change the stamp,
 * so the after's start would otherwise keep the before's functions.
 */
async function clearStartStamp(pool: pg.Pool): Promise<void> {
  const found = await pool.query<{ table: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as table",
  );
  if (found.rows[0]?.table)
    await pool.query('comment on table drizzle.__drizzle_migrations is null');
}

async function measureRows(
  settings: Issue46Settings,
  specs: readonly RowSpec[],
  api: RunningApi,
  capture: QueryCapture | null,
  checkout: Checkout['name'],
): Promise<Issue46Run[]> {
  const token = () =>
    signAccessToken(api.jwtSecret, { adminId: settings.adminId, tokenVersion: 0 });
  const runs: Issue46Run[] = [];
  for (const spec of specs) {
    const run: Issue46Run = { checkout };
    if (capture) {
      const captured = await capture.capture({
        ...spec.captured,
        ...(spec.warmUp ? { warmUp: spec.warmUp } : {}),
      });
      if (captured.status >= 300) {
        run.note = `the capture's request answered ${captured.status}`;
      } else {
        run.statements = captured.queries.length;
        run.roundTrips = captured.roundTrips.length;
        const firstOther = captured.roundTrips.findIndex((text) => !READS_ADMINS.test(text));
        run.lookUpRoundTrips = firstOther === -1 ? captured.roundTrips.length : firstOther;
      }
    }
    const headers = { ...spec.load.headers, authorization: `Bearer ${await token()}` };
    run.api = await measureEndpoint(
      { ...spec.load, headers },
      { ...settings.load, baseUrl: api.baseUrl },
    );
    if (run.api.failures > 0) {
      run.note = `${run.api.failures} failed (${run.api.firstFailure})`;
    }
    settings.log(
      `  ${checkout}: ${spec.label}: ${run.api.requestsPerSecond.toFixed(0)} req/s, p99 ${run.api.p99.toFixed(2)} ms, ${run.statements ?? '?'} statements, ${run.roundTrips ?? '?'} round trips (${run.lookUpRoundTrips ?? '?'} the look-up)`,
    );
    runs.push(run);
  }
  return runs;
}

/** The dashboard and the two saves, on the bench's database, for each checkout in turn. */
async function benchRows(settings: Issue46Settings): Promise<Issue46Row[]> {
  const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 2 });
  const captures = new Map<string, QueryCapture | null>();
  try {
    const specs = await rowSpecs(pool);
    const runs = specs.map((): Issue46Run[] => []);
    for (let round = 1; round <= settings.rounds; round++) {
      for (const checkout of settings.checkouts) {
        settings.log(`Round ${round}, ${checkout.name} (${checkout.ref})`);
        if (settings.checkouts.length > 1) await clearStartStamp(pool);
        const api = await startApi({ url: settings.databaseUrl }, {}, { root: checkout.root });
        try {
          if (!captures.has(checkout.name)) {
            captures.set(checkout.name, await openCapture(settings, checkout));
          }
          const measured = await measureRows(
            settings,
            specs,
            api,
            captures.get(checkout.name) ?? null,
            checkout.name,
          );
          measured.forEach((run, index) => runs[index]?.push(run));
        } finally {
          await api.stop();
        }
      }
    }
    return specs.map((spec, index) => {
      const after = (runs[index] ?? []).filter((run) => run.checkout === 'after');
      return {
        label: spec.label,
        target: spec.target,
        runs: runs[index] ?? [],
        met: after.length === 0 ? null : after.every(spec.met),
      };
    });
  } finally {
    for (const capture of captures.values()) await capture?.close();
    await pool.end();
  }
}

/**
 * The capture of a checkout's own code (lib/capture.ts builds its app in this process). A before
 * commit whose API the capture cannot build (its database module took other arguments, say) is
 * measured without statements rather than not at all.
 */
async function openCapture(settings: Issue46Settings, checkout: Checkout) {
  try {
    return await createQueryCapture(settings.databaseUrl, settings.adminId, checkout.root);
  } catch (error) {
    settings.log(`  no statements for ${checkout.name}: ${String(error)}`);
    return null;
  }
}

/** A PostgreSQL database made anew (the restart's: its first start seeds the demo data). */
async function recreateDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unusable database name "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * The restart database's URL for a checkout: on the bench's server, named after the bench's
 * database, `<name>_restart[_before]` (`cask_bench_restart` by default).
 */
function restartUrl(databaseUrl: string, checkout: Checkout['name']): string {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = `/${name}_restart${checkout === 'after' ? '' : '_before'}`;
  return url.toString();
}

/**
 * Issue 46's restart: the production bundle on the demo data (SEED_DEMO=true, as `npm start`
 * with the demo), on a database of each checkout's own that its first start seeds (not
 * measured); then `restarts` starts of each, alternately, each timed from the spawn to the first
 * 200 of /api/ready (asked every 20 ms), what the server printed ("Ready in N s") and the phases
 * it logged ('start-up timings'). On PostgreSQL, after each restart of this checkout, its floor
 * (lib/start-floor.ts): node with the bundle's imports and one connection, timed the same way.
 */
async function benchRestarts(settings: Issue46Settings): Promise<RestartRow[]> {
  const dir = path.join(repoRoot, 'bench/.tmp/restart');
  const kinds = [
    { label: 'restart on the demo data, PGlite', target: '<= 4 s (median)', limitMs: 4000 },
    { label: 'restart on the demo data, PostgreSQL', target: '<= 1.5 s (median)', limitMs: 1500 },
  ];
  const rows: RestartRow[] = [];
  for (const [index, kind] of kinds.entries()) {
    const embedded = index === 0;
    const where = (
      checkout: Checkout['name'],
    ): { database: { url: string } | { dataDir: string }; env: Record<string, string> } => {
      const dataDir = path.join(dir, `${checkout}-${embedded ? 'pglite' : 'postgres'}`);
      return embedded
        ? { database: { dataDir }, env: {} }
        : {
            database: { url: restartUrl(settings.databaseUrl, checkout) },
            env: { DATA_DIR: dataDir },
          };
    };
    const start = async (checkout: Checkout) => {
      const { database, env } = where(checkout.name);
      return startApi(
        database,
        { ...env, SEED_DEMO: 'true', LOG_LEVEL: 'info' },
        { root: checkout.root, pollMs: 20 },
      );
    };
    for (const checkout of settings.checkouts) {
      rmSync(path.join(dir, `${checkout.name}-${embedded ? 'pglite' : 'postgres'}`), {
        recursive: true,
        force: true,
      });
      if (!embedded) await recreateDatabase(restartUrl(settings.databaseUrl, checkout.name));
      await (await start(checkout)).stop();
    }
    const row: RestartRow = {
      label: kind.label,
      target: kind.target,
      readyMs: { before: [], after: [] },
      printed: { before: [], after: [] },
      phases: { before: [], after: [] },
      met: null,
    };
    const current = settings.checkouts.find((checkout) => checkout.name === 'after');
    const floor =
      embedded || !current
        ? null
        : startFloor(current.root, restartUrl(settings.databaseUrl, 'after'));
    if (floor) row.floor = floor.floor;
    for (let restart = 1; restart <= settings.restarts; restart++) {
      for (const checkout of settings.checkouts) {
        const api = await start(checkout);
        await api.stop();
        row.readyMs[checkout.name].push(api.readyMs);
        row.printed[checkout.name].push(/Ready in ([\d.]+ s)/.exec(api.output())?.[1] ?? '-');
        const phases = startPhases(api.output());
        if (phases) row.phases[checkout.name].push(phases);
        settings.log(
          `  ${checkout.name}: ${kind.label}: ${(api.readyMs / 1000).toFixed(2)} s to /api/ready, printed ${row.printed[checkout.name].at(-1)}`,
        );
        if (floor && checkout.name === 'after') {
          const { bare, bundle } = await floor.measure();
          settings.log(
            `  floor: node and pg connected ${(bare.spawnToConnectedMs / 1000).toFixed(2)} s after the spawn; with the bundle's imports ${(bundle.spawnToConnectedMs / 1000).toFixed(2)} s (imports loaded at ${(bundle.importedMs / 1000).toFixed(2)} s)`,
          );
        }
      }
    }
    const after = row.readyMs.after;
    row.met = after.length === 0 ? null : median(after) <= kind.limitMs;
    rows.push(row);
  }
  return rows;
}

export async function benchIssue46(
  settings: Issue46Settings,
): Promise<{ rows: Issue46Row[]; restarts: RestartRow[] }> {
  const rows = await benchRows(settings);
  settings.log('Restarts');
  const restarts = await benchRestarts(settings);
  return { rows, restarts };
}
