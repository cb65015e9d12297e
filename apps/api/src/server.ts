import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig, migrationConnection } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { publicBaseUrl } from './lib/public-url.ts';
import { startTimings } from './lib/start-timings.ts';
import { resolveJwtSecret, resolveTotpKey } from './lib/secrets.ts';
import {
  logAuditCheckpoint,
  scheduleAuditCheckpoints,
} from './modules/audit/audit-chain.service.ts';
import { prepareTwoFactorKeys } from './modules/auth/two-factor-keys.ts';
import { runStartupTasks } from './startup.ts';

async function main(): Promise<void> {
  const timings = startTimings();
  // The bundle and its dependencies are imported by now: node's own share of the start.
  timings.mark('modules loaded');
  const config = loadConfig();
  const webDist =
    config.WEB_DIST_DIR ??
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  // PGlite loads its WebAssembly and data folder in the background while the app is built, then
  // the start stamp is checked (docs/decisions/388).
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    background: true,
  });
  const jwtSecret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const totpKey = resolveTotpKey(config.TOTP_ENCRYPTION_KEY, config.DATA_DIR);
  const logger = createLogger(config.LOG_LEVEL);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  // The migrations as the tables' owner, on a connection of their own, closed once they are done;
  // the app's own role only gets what it needs (docs/decisions/417).
  const owner = migrationConnection(config);
  if (config.DATABASE_URL && !config.MIGRATION_DATABASE_URL) {
    logger.warn(
      'MIGRATION_DATABASE_URL is unset: the app migrates as, and so runs as, the owner of the tables (README: "Deployment")',
    );
  }
  let migrations = '';
  const prepared = (async () => {
    await database.opened;
    timings.mark('database opened');
    const migrating = config.MIGRATION_DATABASE_URL
      ? await openDatabase({ url: owner.url, dataDir: config.DATA_DIR })
      : database;
    try {
      migrations = await migrate(migrating, undefined, { appRole: owner.appRole });
    } finally {
      if (migrating !== database) await migrating.close();
    }
    timings.mark('migrated');
    // A wrong key stops the start here, with a message, rather than failing every sign-in.
    await prepareTwoFactorKeys(database.db, totpKey);
    timings.mark('two-factor keys checked');
  })();
  const built = buildApp({
    config: { ...config, WEB_DIST_DIR: webDist },
    database,
    jwtSecret,
    totpKey,
    mailer,
    logger,
  }).then((app) => {
    timings.mark('app built');
    return app;
  });
  const [preparing, building] = await Promise.allSettled([prepared, built]);
  if (preparing.status === 'rejected' || building.status === 'rejected') {
    if (building.status === 'fulfilled') await building.value.close();
    mailer.close();
    await database.close();
    throw preparing.status === 'rejected'
      ? preparing.reason
      : (building as PromiseRejectedResult).reason;
  }
  const app = building.value;

  await runStartupTasks({ config, database, log: app.log });
  timings.mark('start-up tasks done');
  // The audit log's checkpoint: in the log now, to the Owners daily (decision 414).
  await logAuditCheckpoint(database.db, app.log);
  const checkpoints = scheduleAuditCheckpoints({ db: database.db, mailer, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // First /api/ready answers 503 while requests are still served, for SHUTDOWN_DELAY_SECONDS,
    // so a load balancer stops sending new ones here (docs/architecture.md#operations).
    app.beginDraining();
    checkpoints.stop();
    const delayMs = config.SHUTDOWN_DELAY_SECONDS * 1000;
    app.log.info({ signal, delayMs }, 'draining: /api/ready answers 503');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, delayMs + 15_000);
    force.unref();
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      app.log.info('shutting down: finishing in-flight requests');
      await app.close(); // stops accepting, waits for in-flight requests
      mailer.close();
      await database.close(); // PGlite loses data when not closed
      app.log.info('stopped cleanly: database closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a signal to the process group reaches the server twice (directly and
  // forwarded by scripts/start.mjs), and a second one without a handler would kill it mid-way.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  timings.mark('listening');
  // Ready as a load balancer sees it: /api/ready answers 200 (the database answers).
  const ready = await app.inject({ method: 'GET', url: '/api/ready' });
  const readyMs = timings.mark('ready');
  app.log.info({ msSinceProcessStart: timings.phases(), migrations }, 'start-up timings');
  // The port the server got (PORT=0 asks for any free one), at the address passkeys work at.
  const { port } = app.server.address() as AddressInfo;
  const url = publicBaseUrl({ ...config, PORT: port });
  console.info(
    [
      '',
      `  Cask Admin is running at ${url}`,
      `  Database: ${database.describe}`,
      `  Mail goes to: ${mailer.describe}`,
      `  API docs: ${url}/api/docs`,
      ready.statusCode === 200
        ? `  Ready in ${(readyMs / 1000).toFixed(1)} s (process start to /api/ready answering 200)`
        : `  /api/ready answers ${ready.statusCode}`,
      '',
    ].join('\n'),
  );
  // Passkeys' package is imported where it is used, not at start-up (docs/decisions/454); loaded
  // now, once the server is ready, so the first passkey sign-in does not wait for it. A failure
  // only costs that sign-in the wait (it imports the package again), so it is logged, not fatal.
  void import('@simplewebauthn/server').catch((error: unknown) => {
    app.log.error({ err: error }, 'loading @simplewebauthn/server after start-up failed');
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
