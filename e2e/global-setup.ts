import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mainAdmin, seededAdmins } from './support/admins.ts';
import { ensureBuilt } from './support/build.ts';
import { startMailSink, type MailSink } from './support/mail-sink.ts';
import { mailDir, screensDir, serverLogFile, tmpDir } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Real parts only: a real SMTP sink, the production build of the server, a fresh embedded
 * PostgreSQL (PGlite) in a temporary DATA_DIR. The returned function is Playwright's teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureBuilt();
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(screensDir, { recursive: true });
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(serverLogFile, '');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cask-e2e-data-'));

  let sink: MailSink | undefined;
  let server: RunningServer | undefined;
  const cleanUp = async () => {
    const problems: unknown[] = [];
    for (const step of [() => server?.stop(), () => sink?.close()]) {
      try {
        await step();
      } catch (error) {
        problems.push(error);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    if (problems.length > 0) throw problems[0];
  };

  try {
    sink = await startMailSink(mailDir);
    // The server creates only the ADMIN_* admin at start-up (DESIGN.md §3), and PGlite allows
    // one process per data directory; so each extra admin costs one short boot on the same
    // DATA_DIR. The last boot (the main admin) is the server the tests use.
    // See docs/decisions/050-e2e-server-and-admins.md.
    for (const admin of seededAdmins) {
      const smtpUrl = sink.url;
      server = await startServer({ dataDir, smtpUrl, admin, logFile: serverLogFile });
      if (admin === mainAdmin) break;
      await server.stop();
      server = undefined;
    }
    if (!server) throw new Error('The main admin must be the last one seeded');
    // Test workers are started after this and inherit the environment (see playwright.config.ts).
    process.env.E2E_BASE_URL = server.baseURL;
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
  return cleanUp;
}
