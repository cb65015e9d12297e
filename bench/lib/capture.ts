import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type * as AppModule from '../../apps/api/src/app.ts';
import type { App } from '../../apps/api/src/app.ts';
import type * as ConfigModule from '../../apps/api/src/config.ts';
import type * as LoggerModule from '../../apps/api/src/lib/logger.ts';
import type * as MailerModule from '../../apps/api/src/lib/mailer.ts';
import type * as TokensModule from '../../apps/api/src/lib/tokens.ts';
import {
  POSTGRES_OPTIONS,
  PREPARED_READ_OPTIONS,
  type Database,
  type Db,
} from '../../apps/api/src/db/client.ts';
import { repoRoot } from './api-server.ts';
import { statementName, type CapturedQuery } from './sql-reference.ts';

interface CapturedRequest {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  body?: unknown;
}

export interface QueryCapture {
  /**
   * The statements one warm request ran, in the order the driver received them, and its round
   * trips: the driver's `query` calls (node-postgres waits for each answer before the next, so
   * each is one round trip), BEGIN and COMMIT included, each as the text it sent. `warmUp` is the
   * request sent first (by
   * default the same one): a write's must change what the measured one changes back.
   */
  capture(
    request: CapturedRequest & { warmUp?: CapturedRequest },
  ): Promise<{ status: number; queries: CapturedQuery[]; roundTrips: string[] }>;
  close(): Promise<void>;
}

/** The API's modules the capture builds its app from, in the checkout at `root`. */
async function apiModules(root: string) {
  const load = (file: string) => import(pathToFileURL(path.join(root, 'apps/api/src', file)).href);
  return {
    app: (await load('app.ts')) as typeof AppModule,
    config: (await load('config.ts')) as typeof ConfigModule,
    logger: (await load('lib/logger.ts')) as typeof LoggerModule,
    mailer: (await load('lib/mailer.ts')) as typeof MailerModule,
    tokens: (await load('lib/tokens.ts')) as typeof TokensModule,
  };
}

/**
 * The same buildApp as the server, on a drizzle instance whose logger records every statement and
 * a reader that records every read: what an endpoint runs is read from the real code path, so the
 * floor follows the repositories however they change (decision 061).
 */
const dialect = new PgDialect();

export async function createQueryCapture(
  url: string,
  adminId: string,
  /** The checkout whose API code is captured (BENCH_BEFORE_REF's); by default this one. */
  root: string = repoRoot,
): Promise<QueryCapture> {
  const api = await apiModules(root);
  const pool = new pg.Pool({ connectionString: url, max: 10, options: POSTGRES_OPTIONS });
  const generic = new pg.Pool({ connectionString: url, max: 10, options: PREPARED_READ_OPTIONS });
  let recorded: CapturedQuery[] = [];
  // Every query of every client of both pools, whoever sends it (drizzle, its transactions'
  // BEGIN and COMMIT, the reader): counted on the driver's own client.
  let roundTrips: string[] = [];
  const countQueries = (client: pg.Client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const [sent] = args;
        roundTrips.push(
          typeof sent === 'string' ? sent : String((sent as { text?: unknown }).text),
        );
        return query(...args);
      },
    });
  };
  pool.on('connect', countQueries);
  generic.on('connect', countQueries);
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
  const config = api.config.loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  });
  const logger = api.logger.createLogger(process.env.BENCH_CAPTURE_LOG ?? 'silent');
  const mailer = api.mailer.createMailer({ from: config.MAIL_FROM, logger });
  const jwtSecret = randomBytes(32).toString('hex');
  const app: App = await api.app.buildApp({
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
      const token = await api.tokens.signAccessToken(jwtSecret, { adminId, tokenVersion: 0 });
      const inject = (sent: CapturedRequest) =>
        app.inject({
          method: sent.method,
          url: sent.url,
          headers: { authorization: `Bearer ${token}` },
          ...(sent.body === undefined ? {} : { payload: sent.body as object }),
        });
      // The first request warms what the service keeps between requests (e.g. a search's exact
      // count for the current data version); the second is the steady state the load sees.
      await inject(request.warmUp ?? request);
      recorded = [];
      roundTrips = [];
      const response = await inject(request);
      return { status: response.statusCode, queries: recorded, roundTrips };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
