import pg from 'pg';
import { POSTGRES_OPTIONS, PREPARED_READ_OPTIONS } from '../../apps/api/src/db/client.ts';
import { summarise, type Measurement } from './stats.ts';

/** One statement exactly as the API sent it to the driver: text and bound values. */
export interface CapturedQuery {
  sql: string;
  params: unknown[];
  /** Sent as a named prepared statement (db/client.ts `readRows`), so replayed as one. */
  prepared: boolean;
}

const statementNames = new Map<string, string>();
/** One name per statement text, for the floor and the capture alike. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `floor_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The floor's pools, with the settings of the API's (db/client.ts): `generic` runs the named
 * reads on their generic plans, `pool` everything else.
 */
export interface FloorPools {
  pool: pg.Pool;
  generic: pg.Pool;
}

/**
 * The floor's two pools on `url`, `connections` each, with the settings of the API's two
 * (db/client.ts): no JIT; and named statements on their generic plans.
 */
export function openFloorPools(
  url: string,
  connections: number,
): FloorPools & { end(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: connections, options: POSTGRES_OPTIONS });
  const generic = new pg.Pool({
    connectionString: url,
    max: connections,
    options: PREPARED_READ_OPTIONS,
  });
  return {
    pool,
    generic,
    end: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
}

/**
 * The floor under any API (issue 3, Performance): the very statements one API request ran,
 * replayed straight through node-postgres at the same concurrency, one after the other per
 * "request" as the handler awaits them, with no HTTP, no JSON and no framework in between. Each
 * goes where the API's reader sends it (db/client.ts): a named read to the pool whose sessions
 * run its generic plan, any other statement to the plain pool.
 */
export async function measureSql(
  pools: FloorPools,
  queries: readonly CapturedQuery[],
  options: { connections: number; warmupSeconds: number; seconds: number },
): Promise<Measurement> {
  return measureRequests(options, async () => {
    // The statements that are not named reads share one session, so a captured begin/commit
    // pair stays together.
    let session: pg.PoolClient | undefined;
    try {
      for (const query of queries) {
        // rowMode 'array' is how drizzle's node-postgres session and the API's reader read rows.
        const config = { text: query.sql, values: query.params, rowMode: 'array' as const };
        if (query.prepared) {
          await pools.generic.query({ name: statementName(query.sql), ...config });
        } else {
          session ??= await pools.pool.connect();
          await session.query(config);
        }
      }
    } finally {
      session?.release();
    }
  });
}

/**
 * Runs `request` from `options.connections` concurrent workers, one request after the other in
 * each, for the warm-up and then for the measured seconds, timing each request.
 */
async function measureRequests(
  options: { connections: number; warmupSeconds: number; seconds: number },
  request: () => Promise<void>,
): Promise<Measurement> {
  const runFor = async (seconds: number, latencies: number[] | null) => {
    const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
    let failures = 0;
    let firstFailure: string | undefined;
    const worker = async () => {
      while (process.hrtime.bigint() < deadline) {
        const started = process.hrtime.bigint();
        try {
          await request();
          latencies?.push(Number(process.hrtime.bigint() - started) / 1e6);
        } catch (error) {
          failures++;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
    return { failures, firstFailure };
  };
  if (options.warmupSeconds > 0) await runFor(options.warmupSeconds, null);
  const latencies: number[] = [];
  const { failures, firstFailure } = await runFor(options.seconds, latencies);
  return summarise(latencies, options.seconds, failures, firstFailure);
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each captured statement with its real values, on the plan the API
 * runs: a prepared statement's generic plan (on a session of the generic pool), or a plan made for
 * the values.
 */
export async function explain(pools: FloorPools, query: CapturedQuery): Promise<string> {
  const lines = (rows: { 'QUERY PLAN': string }[]) =>
    rows.map((row) => row['QUERY PLAN']).join('\n');
  if (!query.prepared) {
    const result = await pools.pool.query<{ 'QUERY PLAN': string }>({
      text: `explain (analyze, buffers) ${query.sql}`,
      values: query.params,
    });
    return lines(result.rows);
  }
  const client = await pools.generic.connect();
  try {
    await client.query(`prepare bench_explain as ${query.sql}`);
    const values = query.params.map((value) =>
      value === null ? 'null' : `'${String(value).replaceAll("'", "''")}'`,
    );
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute bench_explain${values.length > 0 ? `(${values.join(', ')})` : ''}`,
    );
    return `(generic plan)\n${lines(result.rows)}`;
  } finally {
    await client.query('deallocate bench_explain').catch(() => undefined);
    client.release();
  }
}
