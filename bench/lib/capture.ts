import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp, type App } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import {
  POSTGRES_OPTIONS,
  PREPARED_READ_OPTIONS,
  type Database,
  type Db,
} from '../../apps/api/src/db/client.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { createMailer } from '../../apps/api/src/lib/mailer.ts';
import { signAccessToken } from '../../apps/api/src/lib/tokens.ts';
import { statementName, type CapturedQuery } from './sql-reference.ts';

export interface QueryCapture {
  /** The statements one warm request ran, in the order the driver received them. */
  capture(request: {
    method: 'GET' | 'PUT' | 'POST';
    url: string;
    body?: unknown;
  }): Promise<{ status: number; queries: CapturedQuery[] }>;
  close(): Promise<void>;
}

/**
 * The same buildApp as the server, on a drizzle instance whose logger records every statement and
 * a reader that records every read: what an endpoint runs is read from the real code path, so the
 * floor follows the repositories however they change (decision 061).
 */
const dialect = new PgDialect();

export async function createQueryCapture(url: string, adminId: string): Promise<QueryCapture> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: POSTGRES_OPTIONS });
  const generic = new pg.Pool({ connectionString: url, max: 10, options: PREPARED_READ_OPTIONS });
  let recorded: CapturedQuery[] = [];
  const db = drizzle(pool, {
    logger: {
      logQuery: (sql, params) => recorded.push({ sql, params: [...params], prepared: false }),
    },
  }) as unknown as Db;
  const database: Database = {
    db,
    // The API's reader as db/client.ts builds it (named reads on the generic pool, the others
    // planned with their values on the plain one), built here from its two documented options
    // so that the capture depends on nothing else in that file.
    readRows: async (query, { prepared }) => {
      const { sql: text, params: values } = dialect.sqlToQuery(query);
      recorded.push({ sql: text, params: [...values], prepared });
      const result = await (prepared ? generic : pool).query({
        ...(prepared ? { name: statementName(text) } : {}),
        text,
        values: [...values],
        rowMode: 'array',
      });
      return result.rows;
    },
    kind: 'postgres',
    describe: 'bench capture',
    pools: () => [],
    exclusive: (_key, work) => work(),
    close: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const logger = createLogger(process.env.BENCH_CAPTURE_LOG ?? 'silent');
  const mailer = createMailer({ from: config.MAIL_FROM, logger });
  const jwtSecret = randomBytes(32).toString('hex');
  const app: App = await buildApp({
    config,
    database,
    jwtSecret,
    totpKey: randomBytes(32),
    mailer,
    logger,
  });
  await app.ready();
  return {
    async capture(request) {
      // A token of its own for each capture: the run outlasts an access token (15 minutes).
      const token = await signAccessToken(jwtSecret, { adminId, tokenVersion: 0 });
      const inject = () =>
        app.inject({
          method: request.method,
          url: request.url,
          headers: { authorization: `Bearer ${token}` },
          ...(request.body === undefined ? {} : { payload: request.body as object }),
        });
      // The first request warms what the service keeps between requests (e.g. a search's exact
      // count for the current data version); the second is the steady state the load sees.
      await inject();
      recorded = [];
      const response = await inject();
      return { status: response.statusCode, queries: recorded };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
