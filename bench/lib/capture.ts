import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp, type App } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { postgresReader, type Database, type Db } from '../../apps/api/src/db/client.ts';
import { ReadLanes } from '../../apps/api/src/db/read-lanes.ts';
import { createLogger } from '../../apps/api/src/lib/logger.ts';
import { createMailer } from '../../apps/api/src/lib/mailer.ts';
import { signAccessToken } from '../../apps/api/src/lib/tokens.ts';
import type { CapturedQuery } from './sql-reference.ts';

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
 * The same buildApp as the server, on a drizzle instance whose logger records every statement:
 * what a list endpoint runs is read from the real code path, so the SQL reference follows the
 * users, referrals and dashboard repositories however they change (decision 061).
 */
export async function createQueryCapture(url: string, adminId: string): Promise<QueryCapture> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  let recorded: CapturedQuery[] = [];
  const db = drizzle(pool, {
    logger: {
      logQuery: (sql, params) => recorded.push({ sql, params: [...params], prepared: false }),
    },
  }) as unknown as Db;
  // What the API runs is recorded here, not timed: its sessions need not force generic plans.
  const lanes = new ReadLanes({ connectionString: url });
  const reader = postgresReader({ pool, lanes });
  const database: Database = {
    db,
    readRows: (text, values, options) => {
      recorded.push({ sql: text, params: [...values], prepared: options.prepared });
      return reader(text, values, options);
    },
    kind: 'postgres',
    describe: 'bench capture',
    close: async () => {
      await Promise.all([pool.end(), lanes.close()]);
    },
  };
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const logger = createLogger(process.env.BENCH_CAPTURE_LOG ?? 'silent');
  const mailer = createMailer({ from: config.MAIL_FROM, logger });
  const jwtSecret = randomBytes(32).toString('hex');
  const app: App = await buildApp({ config, database, jwtSecret, mailer, logger });
  await app.ready();
  const token = await signAccessToken(jwtSecret, { adminId, tokenVersion: 0 });
  return {
    async capture(request) {
      // The first request warms what the service keeps between requests (e.g. a search's exact
      // count for the current data version); the second is the steady state the load sees.
      await app.inject({
        method: request.method,
        url: request.url,
        headers: { authorization: `Bearer ${token}` },
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
      recorded = [];
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: { authorization: `Bearer ${token}` },
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
      return { status: response.statusCode, queries: recorded };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
