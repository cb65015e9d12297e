import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ReadLanes } from './read-lanes.ts';

/** Both drivers produce a PgDatabase; the code above this file never knows which. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs one read statement straight through the driver and answers its rows as arrays of column
 * values (docs/decisions/170). With `prepared`, PostgreSQL gets a named statement per distinct
 * text, parsed once per connection and run on its generic plan, planned once (decision 172):
 * only for shapes whose best plan does not depend on the values. A search is planned with its
 * values on every call (decision 041: a generic plan of an ILIKE took 1.3 s). Select only int4,
 * text, boolean and json columns: both drivers give those the same JavaScript types.
 */
export type ReadRows = (
  text: string,
  values: readonly unknown[],
  options: { prepared: boolean },
) => Promise<unknown[][]>;

/** The rows of `db.execute`: both drivers answer it with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

export interface Database {
  db: Db;
  readRows: ReadRows;
  /**
   * Only where this process alone can change the database (embedded PGlite): a number that moves
   * with every statement and transaction sent through `db`, before it starts and after it ends.
   * While it stays the same, nothing in the database has changed, so an answer read at that
   * number is still exact (db/list-pipeline.ts keeps list answers by it, docs/decisions/170).
   * `readRows` does not move it: it only reads.
   */
  changes?: () => number;
  kind: 'pglite' | 'postgres';
  /** Human-readable description for the start-up banner (never includes a password). */
  describe: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

/**
 * The committed migrations live in apps/api/drizzle. This file runs from src/db (tsx, tests)
 * or from the bundle in dist/, so look upwards for the folder instead of hard-coding a depth.
 */
function findMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the migrations folder (apps/api/drizzle)');
}

interface NamedStatement {
  name: string;
  /** The text the name was given for: passed to the driver as this very string. */
  text: string;
}

/**
 * Statement names by text, process-wide, so one name never stands for two texts. Found by the
 * text's length, then compared: a list's text is 1-2 KB, built anew for every request, and a
 * Map keyed by the text hashed all of it on every request (2-4 µs, more than the rest of the
 * look-up, docs/decisions/182). The known text, not the new one, goes to the driver, which then
 * finds it is the statement it parsed by identity instead of comparing it again.
 */
const statementsByLength = new Map<number, NamedStatement[]>();
let statementCount = 0;

function namedStatement(text: string): NamedStatement {
  let sameLength = statementsByLength.get(text.length);
  if (sameLength === undefined) {
    sameLength = [];
    statementsByLength.set(text.length, sameLength);
  }
  for (const known of sameLength) if (known.text === text) return known;
  statementCount += 1;
  const named = { name: `read_${statementCount}`, text };
  sameLength.push(named);
  return named;
}

interface ArrayRowPool {
  query(config: { text: string; values: unknown[]; rowMode: 'array' }): Promise<{
    rows: unknown[][];
  }>;
}

/**
 * The connection options of every PostgreSQL pool. jit=off: JIT compilation only ever costs an
 * OLTP API (530+ ms on one request once, docs/decisions/041-customer-list-performance.md); no
 * statement here profits from it.
 */
export const POSTGRES_OPTIONS = '-c jit=off';

/**
 * ...and of the connections that run the named read statements (decisions 172, 186).
 * PostgreSQL's own choice between a statement's generic plan and a plan made for its values
 * re-planned every list page on every call (0.3-0.9 ms, half of its time): a page's `OFFSET $n`
 * is costed at a tenth of the table in a generic plan, so that plan always looked dearer than it
 * is.
 */
export const PREPARED_READ_OPTIONS = `${POSTGRES_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/**
 * `prepared` statements go to `lanes` (pipelined connections whose sessions run
 * PREPARED_READ_OPTIONS, db/read-lanes.ts), the others, planned with their values on each call,
 * to `pool`.
 */
export function postgresReader(readers: {
  pool: ArrayRowPool;
  lanes: Pick<ReadLanes, 'read'>;
}): ReadRows {
  return async (text, values, options) => {
    if (!options.prepared) {
      const result = await readers.pool.query({ text, values: [...values], rowMode: 'array' });
      return result.rows;
    }
    // Pipelined (decision 186), and straight on the connection (db/array-rows-read.ts, decision
    // 185): the same rows as client.query({ name, text, values, rowMode: 'array' }) gives.
    return readers.lanes.read(namedStatement(text), values);
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { ReadLanes } = await import('./read-lanes.ts');
    // Numeric and bigint columns come back as strings (exact money); counts are parsed where read.
    // A pool of at most 10 connections for drizzle's statements and the searches, and a few
    // pipelined connections for the named list reads on their generic plans (decisions 172, 186).
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: POSTGRES_OPTIONS });
    pool.on('error', () => {
      /* idle client errors surface on the next query */
    });
    const lanes = new ReadLanes({ connectionString: options.url, options: PREPARED_READ_OPTIONS });
    const url = new URL(options.url);
    return {
      db: drizzle(pool) as unknown as Db,
      readRows: postgresReader({ pool, lanes }),
      kind: 'postgres',
      describe: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: async () => {
        await Promise.all([pool.end(), lanes.close()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = options.dataDir.startsWith('memory://');
  const dir = inMemory ? options.dataDir : path.resolve(options.dataDir, 'pglite');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  // Drizzle sends every statement through `query`, and a transaction's statements inside
  // `transaction`, which keeps other statements waiting until it ends (PGlite runs one at a time).
  let changes = 0;
  const changing = <T>(work: () => Promise<T>): Promise<T> => {
    changes++;
    return work().finally(() => {
      changes++;
    });
  };
  const observed = {
    query: (...args: Parameters<typeof client.query>) => changing(() => client.query(...args)),
    transaction: <T>(callback: Parameters<typeof client.transaction<T>>[0]) =>
      changing(() => client.transaction(callback)),
  };
  return {
    db: drizzle(observed as unknown as typeof client) as unknown as Db,
    changes: () => changes,
    readRows: async (text, values) => {
      const result = await client.query<unknown[]>(text, [...values], { rowMode: 'array' });
      return result.rows;
    },
    kind: 'pglite',
    describe: inMemory ? 'embedded PGlite (in memory)' : `embedded PGlite in ${dir}`,
    close: () => client.close(),
  };
}

/**
 * Applies the committed SQL migrations (same files for both drivers), or those of another folder
 * of drizzle-kit's layout (a test applies the migrations before one, then that one on its data).
 */
export async function migrate(
  database: Database,
  migrationsFolder = findMigrationsDir(),
): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // @ts-expect-error the migrator wants the driver-specific type; Db is its base class
    await run(database.db, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // @ts-expect-error the migrator wants the driver-specific type; Db is its base class
    await run(database.db, { migrationsFolder });
  }
}
