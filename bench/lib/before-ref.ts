import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './api-server.ts';

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout.trim();
}

/** The workspaces' packages as npm links them: `node_modules/@cask/<name>` -> the workspace. */
const WORKSPACE_LINKS = {
  api: 'apps/api',
  contracts: 'packages/contracts',
  e2e: 'e2e',
  web: 'apps/web',
} as const;

/**
 * The checkout of `ref` (BENCH_BEFORE_REF) for the before/after rows of issue 46: its files by
 * `git archive` into bench/.tmp/before-<commit> (no worktree registered in the repository), this
 * checkout's installed packages linked into it, and its API bundle built by the caller
 * (lib/api-server.ts builds each checkout's once). When its package-lock.json differs from this
 * checkout's, its own packages are installed in it with `npm ci` instead (once).
 */
export function checkoutBefore(ref: string, log: (line: string) => void): string {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = path.join(repoRoot, 'bench/.tmp', `before-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(root, 'package.json'))) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    const archive = spawnSync('git', ['archive', '--format=tar', commit], {
      cwd: repoRoot,
      maxBuffer: 512 * 1024 * 1024,
    });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed`);
    const untar = spawnSync('tar', ['-x', '-C', root], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`could not unpack ${commit}: ${String(untar.stderr)}`);
    log(`  ${ref} (${commit.slice(0, 12)}) unpacked in ${path.relative(repoRoot, root)}`);
  }
  const lock = (dir: string) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (lock(root) === lock(repoRoot)) {
    linkPackages(root);
    return root;
  }
  // Other packages than this checkout's: its own, installed from its own lockfile (once).
  if (!existsSync(path.join(root, 'node_modules'))) {
    log(`  ${ref}: its package-lock.json differs from this checkout's: npm ci in it`);
    const install = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error(`npm ci in ${root} failed`);
  }
  return root;
}

/**
 * node_modules as `npm ci` would lay them out for that checkout: every installed package linked
 * to this checkout's, except the workspaces (`@cask/*`), which point at the checkout's own
 * folders, so its code imports its own contracts; the workspaces' own node_modules linked whole.
 */
function linkPackages(root: string): void {
  const modules = path.join(root, 'node_modules');
  if (existsSync(path.join(modules, '@cask'))) return;
  mkdirSync(path.join(modules, '@cask'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@cask') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, folder] of Object.entries(WORKSPACE_LINKS)) {
    if (existsSync(path.join(root, folder))) {
      symlinkSync(path.join(root, folder), path.join(modules, '@cask', name));
    }
  }
  for (const folder of Object.values(WORKSPACE_LINKS)) {
    const own = path.join(repoRoot, folder, 'node_modules');
    if (existsSync(own) && existsSync(path.join(root, folder))) {
      symlinkSync(own, path.join(root, folder, 'node_modules'));
    }
  }
}
