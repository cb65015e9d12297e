import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { freshDatabase, openAsAppRole } from './database.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  smtp: SmtpSink;
  jwtSecret: string;
  /** The app's TOTP_ENCRYPTION_KEY. */
  totpKey: Buffer;
  /** Every line the app logged, as raw JSON text (to prove secrets are redacted). */
  logs: string[];
  close(): Promise<void>;
}

/** Environment overrides for the app under test (see config.ts), on top of the test defaults. */
export type TestEnv = Record<string, string>;

export interface TestOptions {
  /**
   * PostgreSQL only: the app (and the context's `database`) connects as a role that owns nothing,
   * as in a deployment with MIGRATION_DATABASE_URL (openAsAppRole, docs/decisions/417).
   */
  asAppRole?: boolean;
}

/**
 * A context that the caller opens and closes itself: for a second app inside one test (e.g. one
 * started with other settings). A test file's own context comes from `useTestContext`.
 */
export async function createTestContext(
  env: TestEnv = {},
  options: TestOptions = {},
): Promise<TestContext> {
  const { database: owner, url, drop } = await freshDatabase();
  await migrate(owner);
  if (options.asAppRole && url === undefined) throw new Error('asAppRole needs TEST_DATABASE_URL');
  const database = options.asAppRole && url ? await openAsAppRole(owner, url) : owner;
  const smtp = await startSmtpSink();
  const config = loadConfig({ LOG_LEVEL: 'info', SMTP_URL: smtp.url, ...env });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger(config.LOG_LEVEL, stream);
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.MAIL_FROM, logger });
  const jwtSecret = randomBytes(32).toString('hex');
  const totpKey = randomBytes(32);
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    totpKey,
    mailer,
    logger,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    smtp,
    jwtSecret,
    totpKey,
    logs,
    async close() {
      await app.close();
      mailer.close();
      await smtp.close();
      await database.close();
      if (owner !== database) await owner.close();
      await drop();
    },
  };
}

/** The test file's context as its tests see it: `useTestContext` closes it, so no `close`. */
export type FileTestContext = Omit<TestContext, 'close'>;

/**
 * The context of one test file: a fresh database and app, built before the file's first test and
 * closed after its last. Call it once at the top of the file; its fields can be read in tests and
 * hooks (not at import time, before they exist). `env` may be a function, run in the same
 * beforeAll, for settings that need something prepared first (e.g. a temporary folder).
 */
export function useTestContext(
  env: TestEnv | (() => TestEnv | Promise<TestEnv>) = {},
  options: TestOptions = {},
): FileTestContext {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestContext(typeof env === 'function' ? await env() : env, options);
  });
  afterAll(async () => {
    await context?.close();
  });
  const current = (): TestContext => {
    if (!context)
      throw new Error('The test context is built in beforeAll: read it inside tests and hooks');
    return context;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get smtp() {
      return current().smtp;
    },
    get jwtSecret() {
      return current().jwtSecret;
    },
    get totpKey() {
      return current().totpKey;
    },
    get logs() {
      return current().logs;
    },
  };
}
