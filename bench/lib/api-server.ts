import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningApi extends RunningServer {
  jwtSecret: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** What `npm start` runs (scripts/start.mjs): the API bundled by esbuild, of this checkout or another. */
const apiBundle = (root: string) => path.join(root, 'apps/api/dist/server.js');
const bundlesBuilt = new Set<string>();

/**
 * Bundles the API from the sources of a checkout (this one, or the commit BENCH_BEFORE_REF
 * names), once per run, so that the bench measures the code as it is and as production runs it:
 * without tsx's loader in the process (decision 061).
 */
function buildApiBundle(root: string): void {
  if (bundlesBuilt.has(root)) return;
  const result = spawnSync(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'apps/api'),
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`Building the API bundle failed:\n${result.stdout}${result.stderr}`);
  }
  bundlesBuilt.add(root);
}

/**
 * The real server (the production bundle of apps/api/src/server.ts: real config, buildApp,
 * migrations) in its own process, so the load generator and the API do not share one event loop.
 * Only what the run needs is passed: the database, a throw-away JWT secret, and the sign-in throttle and flood guard raised
 * for the run.
 */
export async function startApi(
  database: { url: string } | { dataDir: string },
  extraEnv: Record<string, string> = {},
  /** `root`: the checkout whose bundle runs (default this one); `pollMs`: how often /api/ready is asked. */
  options: { root?: string; pollMs?: number } = {},
): Promise<RunningApi> {
  const root = options.root ?? repoRoot;
  buildApiBundle(root);
  const port = await freePort();
  const jwtSecret = randomBytes(48).toString('base64url');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET: jwtSecret,
    // Request logs at info would measure pino writing to a pipe; warnings and errors still show.
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '1000000',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    // Every request comes from 127.0.0.1: the per-IP flood guard would cap the run at 10/s.
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...('url' in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    ...extraEnv,
  };
  const server = await startServerProcess({
    name: 'The API',
    args: [apiBundle(root)],
    cwd: root,
    env,
    port,
    readyPath: '/api/ready',
    pollMs: options.pollMs ?? 250,
  });
  return { ...server, jwtSecret };
}

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (its memory is read from /proc by the export row). */
  pid: number | undefined;
  /** From just before the process was spawned to the first 2xx of its ready path, in ms. */
  readyMs: number;
  /** What it has printed so far (the last 200 chunks of stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A server of the bench's in its own process: started with `args` and listening on 127.0.0.1 at
 * `port` (which `env` tells it), ready once `readyPath` answers 2xx (at most 120 s), stopped with
 * SIGTERM (SIGKILL after 20 s).
 */
async function startServerProcess(options: {
  name: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  readyPath: string;
  pollMs: number;
}): Promise<RunningServer> {
  const { name } = options;
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const spawnedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A session of its own, as a service has (decision 188): Linux's scheduler shares the cores
    // between sessions first (autogroup), so in the bench's session the server would share one
    // share with the load generator and the bench itself, against PostgreSQL's.
    detached: true,
  });
  // Outside the bench's process group, Ctrl-C no longer reaches it: it ends with the bench.
  const endWithBench = () => child.kill('SIGKILL');
  process.once('exit', endWithBench);
  child.once('exit', () => process.off('exit', endWithBench));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`${name} exited during start-up:\n${output.join('')}`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`);
      if (response.ok) break;
      await response.body?.cancel();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready in 120 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  const readyMs = performance.now() - spawnedAt;

  return {
    baseUrl,
    pid: child.pid,
    readyMs,
    output: () => output.join(''),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}
