// `npm start`: build what is missing or stale, then run the server (it migrates, creates the
// admin from ADMIN_* and serves API + web app on one port). Loads .env when present.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const built = buildIfStale();
if (built !== 0) process.exit(built);

const envFile = path.join(root, '.env');
const args = [
  ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
  path.join(root, 'apps/api/dist/server.js'),
];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
// Forward stop signals so the server can finish requests and close the database cleanly. The
// package.json script runs this file with `exec`, so the signal npm forwards reaches this
// process and not a shell that would die and leave the server orphaned (issue 10, finding 7).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// The server exits 0 after a clean shutdown; killed by a signal, it did not shut down cleanly.
server.on('exit', (code) => process.exit(code ?? 1));
