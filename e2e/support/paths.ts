import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the e2e run writes lives under e2e/.tmp (gitignored), shared by setup and tests. */
export const e2eDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tmpDir = fileURLToPath(new URL('../.tmp/', import.meta.url));
/** Each worker's SMTP sink writes one JSON file per received mail under here, one folder each. */
export const mailDir = fileURLToPath(new URL('../.tmp/mail/', import.meta.url));
/** Screenshots for a human to look at (sign-in page, shell). */
export const screensDir = fileURLToPath(new URL('../.tmp/screens/', import.meta.url));
/** The servers' stdout and stderr, one file per worker, kept after the run for diagnosis. */
export const serverLogDir = fileURLToPath(new URL('../.tmp/logs/', import.meta.url));

/**
 * Each Playwright worker has a server, a database and an SMTP sink of its own (global-setup.ts),
 * numbered by the worker's parallel index (`test.info().parallelIndex`, 0 to workers - 1).
 */
export const mailDirOf = (parallelIndex: number) => path.join(mailDir, String(parallelIndex));
export const serverLogOf = (parallelIndex: number) =>
  path.join(serverLogDir, `server-${parallelIndex}.log`);

/** Set by global-setup.ts for the workers: each worker's server's base URL, by index (JSON). */
export const serversVariable = 'E2E_BASE_URLS';
/** Set by global-setup.ts: the seeded data directory (stopped) the workers' servers copy. */
export const seededDataVariable = 'E2E_SEEDED_DATA_DIR';
