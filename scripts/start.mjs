// `npm start`: build what is missing or stale, then run the server (it migrates, creates the
// admin from ADMIN_* and serves API + web app on one port). Loads .env when present.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

const targets = [
  {
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'packages/contracts/src'],
  },
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'packages/contracts/src'],
  },
];
for (const target of targets) {
  if (!isStale(path.join(root, target.output), target.sources)) continue;
  console.info(`Building ${target.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

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
