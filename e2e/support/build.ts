import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const targets = [
  {
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    sources: ['apps/api/src', 'apps/api/drizzle', 'packages/contracts/src'],
  },
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contracts/src'],
  },
];

/**
 * The e2e run tests the production build (the same files `npm start` serves). CI builds right
 * before (`npm run build`), so this is a no-op there; locally it rebuilds what is missing or
 * older than its sources, so a developer never tests yesterday's bundle by accident
 * (E2E_SKIP_BUILD=1 skips this and uses whatever build exists).
 */
export function ensureBuilt(): void {
  // Escape hatch for a tree that is being edited: test the build that is already there.
  if (process.env.E2E_SKIP_BUILD === '1') return;
  for (const target of targets) {
    const output = path.join(repoRoot, target.output);
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    const sources = target.sources.map((source) => path.join(repoRoot, source));
    const newest = Math.max(
      ...sources.map((source) =>
        existsSync(source) && statSync(source).isFile()
          ? statSync(source).mtimeMs
          : newestMtime(source),
      ),
    );
    if (built && newest <= built) continue;
    console.info(`[e2e] building ${target.workspace} (missing or older than its sources)`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`Building ${target.workspace} failed`);
  }
}
