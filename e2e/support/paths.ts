import { fileURLToPath } from 'node:url';

/** Everything the e2e run writes lives under e2e/.tmp (gitignored), shared by setup and tests. */
export const e2eDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tmpDir = fileURLToPath(new URL('../.tmp/', import.meta.url));
/** The SMTP sink writes one JSON file per received mail here; test workers read them. */
export const mailDir = fileURLToPath(new URL('../.tmp/mail/', import.meta.url));
/** Screenshots for a human to look at (sign-in page, shell). */
export const screensDir = fileURLToPath(new URL('../.tmp/screens/', import.meta.url));
/** The server's stdout and stderr, kept after the run for diagnosis. */
export const serverLogFile = fileURLToPath(new URL('../.tmp/server.log', import.meta.url));
