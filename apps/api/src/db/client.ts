import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { finished, type Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Both drivers produce a PgDatabase; the code above this file never knows which. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs one read statement straight through the driver and answers its rows as arrays of column
 * values (docs/decisions/189). The statement is a drizzle `sql` fragment (issue 42), turned into
 * text and values by drizzle's own PostgreSQL dialect. With `prepared`, PostgreSQL gets a named
 * statement per distinct text, parsed once per connection and run on its generic plan, planned
 * once (decision 172): only for shapes whose best plan does not depend on the values. A search is
 * planned with its values on every call (decision 041: a generic plan of an ILIKE took 1.3 s).
 * Select only int4, text, boolean and json columns: both drivers give those the same JavaScript
 * types.
 */
export type ReadRows = (query: SQL, options: { prepared: boolean }) => Promise<unknown[][]>;

/** A driver's read: the text and values of one statement. */
type ReadText = (
  text: string,
  values: readonly unknown[],
  options: { prepared: boolean },
) => Promise<unknown[][]>;

const dialect = new PgDialect();

/** ReadRows over a driver's read: a drizzle `sql` fragment becomes its text and values. */
function readRowsOf(read: ReadText): ReadRows {
  return (query, options) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return read(text, params, options);
  };
}

/** The rows of `db.execute`: both drivers answer it with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * Whether `error` (or an error it wraps: drizzle wraps the driver's) is PostgreSQL refusing a row
 * that `constraint`, a unique index, already holds (SQLSTATE 23505).
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}

export interface Database {
  db: Db;
  readRows: ReadRows;
  kind: 'pglite' | 'postgres';
  /** Human-readable description for the start-up banner (never includes a password). */
  describe: string;
  /**
   * PostgreSQL only (PGlite cannot stream a COPY): runs `COPY (...) TO STDOUT` on a connection of
   * the exports' own pool (EXPORT_CONNECTIONS) and answers its bytes as they come
   * (pg-copy-streams), read from the socket only as fast as the stream is read. The connection
   * goes back to the pool when the stream has ended; if the stream is destroyed or fails before
   * that (the client went away), the connection is closed instead, which ends the COPY on the
   * server (docs/decisions/279). A COPY takes no parameters: the statement's values are written
   * into its text as literals by drizzle (`inlineParams`).
   */
  copyOut?: (query: SQL) => Promise<Readable>;
  /** node-postgres pools' documented counts, for the metrics; PGlite has no pool (empty list). */
  pools(): PoolUse[];
  /**
   * Runs `work` while this process holds PostgreSQL's session advisory lock `key` on a connection
   * of its own, so that instances starting together take turns (the migrations); PGlite is one
   * process per data folder and runs it at once.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Opened with `background` (PGlite only): resolves when PGlite's WebAssembly and data folder are
   * loaded (its documented `waitReady`), rejects when they cannot be. Absent otherwise.
   */
  opened?: Promise<void>;
  close(): Promise<void>;
}

export interface PoolUse {
  name: string;
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** Directory for PGlite's files; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * PGlite only: a tarball of a data directory to start from, through PGlite's documented
   * `loadDataDir` (a backup being restored, or the API tests' migrated template, decision 282).
   */
  initialData?: Blob | undefined;
  /**
   * PGlite only: answer before the database has loaded (PGlite's constructor instead of
   * `PGlite.create`), so the caller builds the app meanwhile; statements sent before wait for it.
   * The caller awaits `opened` before its first statement (server.ts, docs/decisions/388).
   */
  background?: boolean;
}

/** Statement names by text, process-wide, so one name never stands for two texts. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `read_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

interface ArrayRowPool {
  query(config: { name?: string; text: string; values: unknown[]; rowMode: 'array' }): Promise<{
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
 * ...and of the pool that runs the named read statements (decision 172). PostgreSQL's own choice
 * between a statement's generic plan and a plan made for its values re-planned every list page on
 * every call (0.3-0.9 ms, half of its time): a page's `OFFSET $n` is costed at a tenth of the
 * table in a generic plan, so that plan always looked dearer than it is.
 */
export const PREPARED_READ_OPTIONS = `${POSTGRES_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/**
 * Connections of the exports' pool: an export streamed by COPY holds one from its first byte to
 * its last, so at most this many run at once in one API process (exports.service.ts refuses more
 * with a 503), and they never take the connections the app's requests need (decision 279).
 */
export const EXPORT_CONNECTIONS = 4;

/**
 * `prepared` statements go to `generic` as named statements (node-postgres prepares each name
 * once per connection), the others, planned with their values on each call, to `pool`.
 */
export function postgresReader(pools: { pool: ArrayRowPool; generic: ArrayRowPool }): ReadRows {
  return readRowsOf(async (text, values, options) => {
    const result = options.prepared
      ? await pools.generic.query({
          name: statementName(text),
          text,
          values: [...values],
          rowMode: 'array',
        })
      : await pools.pool.query({ text, values: [...values], rowMode: 'array' });
    return result.rows;
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { to: copyTo } = await import('pg-copy-streams');
    // Numeric and bigint columns come back as strings (exact money); counts are parsed where read.
    // A pool for drizzle's statements and the searches, and one for the named reads on their
    // generic plans (decision 172).
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: POSTGRES_OPTIONS });
    const generic = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: PREPARED_READ_OPTIONS,
    });
    const exportsPool = new pg.Pool({
      connectionString: options.url,
      max: EXPORT_CONNECTIONS,
      options: POSTGRES_OPTIONS,
    });
    for (const each of [pool, generic, exportsPool]) {
      each.on('error', () => {
        /* idle client errors surface on the next query */
      });
    }
    const url = new URL(options.url);
    return {
      db: drizzle(pool) as unknown as Db,
      readRows: postgresReader({ pool, generic }),
      copyOut: async (query) => {
        const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
        if (params.length > 0) throw new Error('A COPY statement takes no parameters');
        const client = await exportsPool.connect();
        const stream = client.query(copyTo(text));
        // Closing the connection of a COPY cut short makes node-postgres report it to its active
        // query, this stream, already destroyed by then: heard here, not thrown. Earlier errors
        // reach `finished` below and the pipeline reading the stream.
        stream.on('error', () => {});
        // A truthy argument makes the pool close the connection instead of keeping it: a COPY cut
        // short is still sending, and closing is what stops it on the server.
        finished(stream, (error) => client.release(error ?? undefined));
        return stream;
      },
      kind: 'postgres',
      describe: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      pools: () =>
        Object.entries({ main: pool, prepared: generic, exports: exportsPool }).map(
          ([name, each]) => ({
            name,
            total: each.totalCount,
            idle: each.idleCount,
            waiting: each.waitingCount,
          }),
        ),
      exclusive: async (key, work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), generic.end(), exportsPool.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = options.dataDir.startsWith('memory://');
  const dir = inMemory ? options.dataDir : path.resolve(options.dataDir, 'pglite');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const pgliteOptions = {
    extensions: { pg_trgm },
    ...(options.initialData ? { loadDataDir: options.initialData } : {}),
  };
  const client = options.background
    ? new PGlite(dir, pgliteOptions)
    : await PGlite.create(dir, pgliteOptions);
  return {
    ...(options.background ? { opened: client.waitReady } : {}),
    db: drizzle(client) as unknown as Db,
    readRows: readRowsOf(async (text, values) => {
      const result = await client.query<unknown[]>(text, [...values], { rowMode: 'array' });
      return result.rows;
    }),
    kind: 'pglite',
    describe: inMemory ? 'embedded PGlite (in memory)' : `embedded PGlite in ${dir}`,
    pools: () => [],
    exclusive: (_key, work) => work(),
    close: () => client.close(),
  };
}
