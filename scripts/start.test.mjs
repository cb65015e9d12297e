// `npm start` under a supervisor: a container runtime or systemd sends SIGTERM to the npm process
// (or to its whole process group), and the server must finish, close the database and exit 0
// (issue 10, finding 7). Runs the real `npm start` against the build (built first if missing).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function waitFor(condition, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const value = condition();
      if (value) {
        clearInterval(timer);
        resolve(value);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 50);
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startNpm(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cask-start-'));
  // Its own process group (detached), as under a supervisor; npm is the group leader.
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  // Building (first run only) takes a while on a busy machine.
  const url = await waitFor(
    () => /is running at (http:\/\/\S+)/.exec(output)?.[1],
    180_000,
    'the banner',
  );
  const serverPid = Number(/"pid":(\d+)/.exec(output)?.[1]);
  return {
    child,
    url,
    serverPid,
    exited,
    output: () => output,
    cleanUp() {
      for (const pid of [serverPid, child.pid])
        if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// What a supervisor sends (SIGTERM to the process it started) and what Ctrl-C in a terminal
// sends (SIGINT to the whole foreground process group). Each case costs a server start.
const cases = [
  { signal: 'SIGTERM', target: 'the npm process' },
  { signal: 'SIGINT', target: 'its process group' },
];

for (const { signal, target } of cases) {
  test(`npm start stops cleanly on ${signal} sent to ${target}`, { timeout: 240_000 }, async () => {
    const started = await startNpm();
    try {
      const health = await fetch(`${started.url}/api/health`);
      assert.equal(health.status, 200);
      assert.ok(isAlive(started.serverPid), 'the server process is running');

      process.kill(target === 'the npm process' ? started.child.pid : -started.child.pid, signal);
      // Unref'd: a pending timer would keep this test process alive after the tests pass.
      const timeout = new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`npm did not exit:\n${started.output()}`)),
          60_000,
        ).unref(),
      );
      const { code } = await Promise.race([started.exited, timeout]);

      assert.equal(code, 0, started.output());
      assert.match(started.output(), /stopped cleanly: database closed/);
      assert.ok(!isAlive(started.serverPid), 'no server is left running');
    } finally {
      started.cleanUp();
    }
  });
}

// A rolling deploy (docs/architecture.md#operations): on SIGTERM the instance first tells the load
// balancer to stop sending it requests (/api/ready 503) while it still answers them, for
// SHUTDOWN_DELAY_SECONDS, then stops as above.
test(
  'on SIGTERM, /api/ready answers 503 while the server drains',
  { timeout: 240_000 },
  async () => {
    const started = await startNpm({ SHUTDOWN_DELAY_SECONDS: '4' });
    try {
      assert.equal((await fetch(`${started.url}/api/ready`)).status, 200);
      process.kill(started.child.pid, 'SIGTERM');
      await waitFor(
        () => /draining: \/api\/ready answers 503/.test(started.output()),
        30_000,
        'draining',
      );
      const ready = await fetch(`${started.url}/api/ready`);
      assert.equal(ready.status, 503);
      assert.deepEqual(await ready.json(), { success: false, message: 'Shutting down' });
      // Still serving everything else meanwhile.
      assert.equal((await fetch(`${started.url}/api/health`)).status, 200);
      const { code } = await started.exited;
      assert.equal(code, 0, started.output());
      assert.match(started.output(), /stopped cleanly: database closed/);
    } finally {
      started.cleanUp();
    }
  },
);
