import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { mainAdmin, seededAdmins } from './support/admins.ts';
import { ensureBuilt } from './support/build.ts';
import { startMailSink, type MailSink } from './support/mail-sink.ts';
import {
  mailDir,
  mailDirOf,
  screensDir,
  serverLogDir,
  seededDataVariable,
  serverLogOf,
  serversVariable,
  tmpDir,
} from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Real parts only: real SMTP sinks, the production build of the server, embedded PostgreSQL
 * (PGlite) in temporary DATA_DIRs. Each Playwright worker gets a server, a database and a sink
 * of its own, so workers never see each other's rows (docs/decisions/286). The returned
 * function is Playwright's teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const startedAt = Date.now();
  ensureBuilt();
  for (const dir of [mailDir, serverLogDir]) rmSync(dir, { recursive: true, force: true });
  for (const dir of [screensDir, tmpDir, serverLogDir]) mkdirSync(dir, { recursive: true });
  const workers = Array.from({ length: Math.max(1, config.workers) }, (_, index) => index);
  const seededDir = mkdtempSync(path.join(os.tmpdir(), 'cask-e2e-seeded-'));
  const dataDirs = workers.map((index) => `${seededDir}-worker-${index}`);

  const sinks: MailSink[] = [];
  const servers: RunningServer[] = [];
  const cleanUp = async () => {
    const problems: unknown[] = [];
    const steps = [...servers.map((server) => server.stop), ...sinks.map((sink) => sink.close)];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        problems.push(error);
      }
    }
    for (const dir of [seededDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    if (problems.length > 0) throw problems[0];
  };

  try {
    for (const index of workers) sinks.push(await startMailSink(mailDirOf(index)));
    // The server creates only the ADMIN_* admin at start-up (docs/architecture.md#configuration),
    // and PGlite allows one process per data directory; so each admin costs one short boot on the
    // same DATA_DIR, the first of which also adds the demo data. See
    // docs/decisions/050-e2e-server-and-admins.md.
    for (const admin of seededAdmins) {
      const boot = await startServer({
        dataDir: seededDir,
        smtpUrl: sinks[0]!.url,
        admin,
        logFile: serverLogOf(0),
      });
      await boot.stop();
    }
    // Then each worker's server on a copy of that stopped (so consistent) data directory.
    await Promise.all(
      workers.map(async (index) => {
        cpSync(seededDir, dataDirs[index]!, { recursive: true });
        servers[index] = await startServer({
          dataDir: dataDirs[index]!,
          smtpUrl: sinks[index]!.url,
          admin: mainAdmin,
          logFile: serverLogOf(index),
        });
      }),
    );
    // Test workers are started after this and inherit the environment (support/test.ts).
    process.env[serversVariable] = JSON.stringify(servers.map((server) => server.baseURL));
    process.env[seededDataVariable] = seededDir;
    console.info(
      `[e2e] global setup: ${workers.length} servers ready in ${Date.now() - startedAt} ms`,
    );
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
  return cleanUp;
}
