import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/** The repository's root folder. */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A new empty folder under the system's temp folder, removed when the test ends. */
export function scratchDir(prefix = 'cask-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs `command args` in `cwd` with `env` as its whole environment and no terminal on stdin:
 * its exit code and its output (stdout and stderr as they came), once it closed.
 */
export function runProcess(
  command: string,
  args: string[],
  { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * The real `npm run <script> -- <args>` from the repository root, as an operator types it
 * (INIT_CWD the root), with this process's environment but DATABASE_URL, and `env` on top.
 */
export function npmRun(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  return runProcess('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPOSITORY_ROOT,
    env: { ...inherited, INIT_CWD: REPOSITORY_ROOT, ...env },
  });
}
