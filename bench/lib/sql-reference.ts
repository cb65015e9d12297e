import type pg from 'pg';
import { summarise, type Measurement } from './stats.ts';

/** One statement exactly as the API sent it to the driver: text and bound values. */
export interface CapturedQuery {
  sql: string;
  params: unknown[];
  /** Sent as a named prepared statement (db/client.ts `readRows`), so replayed as one. */
  prepared: boolean;
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `floor_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The floor under any API (issue 3, Performance): the very statements one API request ran,
 * replayed straight through node-postgres at the same concurrency, one after the other per
 * "request" as the handler awaits them, with no HTTP, no JSON and no framework in between.
 */
export async function measureSql(
  pool: pg.Pool,
  queries: readonly CapturedQuery[],
  options: { connections: number; warmupSeconds: number; seconds: number },
): Promise<Measurement> {
  const runFor = async (seconds: number, latencies: number[] | null) => {
    const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
    let failures = 0;
    let firstFailure: string | undefined;
    const worker = async () => {
      while (process.hrtime.bigint() < deadline) {
        const started = process.hrtime.bigint();
        // One connection per request, so a captured begin/commit pair stays on one session.
        const client = await pool.connect();
        try {
          for (const query of queries) {
            // rowMode 'array' is how drizzle's node-postgres session reads select results.
            await client.query({
              ...(query.prepared ? { name: statementName(query.sql) } : {}),
              text: query.sql,
              values: query.params,
              rowMode: 'array',
            });
          }
          latencies?.push(Number(process.hrtime.bigint() - started) / 1e6);
        } catch (error) {
          failures++;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        } finally {
          client.release();
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

/** EXPLAIN (ANALYZE, BUFFERS) of each captured statement with its real values: a custom plan. */
export async function explain(pool: pg.Pool, query: CapturedQuery): Promise<string> {
  const result = await pool.query<{ 'QUERY PLAN': string }>({
    text: `explain (analyze, buffers) ${query.sql}`,
    values: query.params,
  });
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}
