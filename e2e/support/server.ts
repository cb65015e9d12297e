import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { AdminCredentials } from './admins.ts';
import { repoRoot } from './paths.ts';

export interface ServerOptions {
  dataDir: string;
  smtpUrl: string;
  admin: AdminCredentials;
  logFile: string;
  /**
   * STEP_UP_WINDOW_SECONDS for this server; left out, the API's default (10 minutes), as in a
   * deployment that does not set it. Only the step-up test's own server sets one (decision 392).
   */
  stepUpWindowSeconds?: number;
}

export interface RunningServer {
  baseURL: string;
  /** SIGTERM, then wait: a clean shutdown exits 0 (PGlite must be closed to keep its data). */
  stop(): Promise<void>;
  /** SIGKILL, then wait for the exit: a crash, with no chance to close anything. */
  kill(): Promise<void>;
}

const serverScript = path.join(repoRoot, 'apps/api/dist/server.js');

/** A free loopback port: bind port 0, read it, release it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the production server (node apps/api/dist/server.js) exactly as `npm start` would,
 * configured only by the environment given here: the developer's own variables (a DATABASE_URL,
 * a REDIS_URL, a .env file) never leak into the run.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const startedAt = Date.now();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Passkeys belong to a host name, never an IP address: security.spec.ts uses this one.
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: options.dataDir,
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: 'Cask Admin <no-reply@cask-admin.test>',
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    ADMIN_NAME: options.admin.name,
    LOG_LEVEL: 'warn',
    // The step-up test's own server covers a sign-in for seconds, not minutes, so the test waits
    // out the window quickly (docs/decisions/392); the shared servers keep the default.
    ...(options.stepUpWindowSeconds === undefined
      ? {}
      : { STEP_UP_WINDOW_SECONDS: String(options.stepUpWindowSeconds) }),
    // Screens need realistic rows (customers to pick as recipients, casks, orders); the demo
    // data is added once, by the first boot, because it only fills an empty database.
    SEED_DEMO: 'true',
  };
  appendFileSync(
    options.logFile,
    `\n--- starting server on ${baseURL} as ${options.admin.email}\n`,
  );
  const child = spawn(process.execPath, [serverScript], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const record = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    appendFileSync(options.logFile, chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = exitOf(child);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server had already exited with code ${child.exitCode}`);
    }
    const stoppingAt = Date.now();
    child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 20_000, 'timeout'));
    const code = await Promise.race([exited, timeout]);
    if (code === 'timeout') {
      child.kill('SIGKILL');
      throw new Error('The server did not stop within 20 s of SIGTERM');
    }
    if (code !== 0) throw new Error(`The server exited with code ${code} after SIGTERM`);
    appendFileSync(options.logFile, `--- ${baseURL} stopped in ${Date.now() - stoppingAt} ms\n`);
  };

  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited during start-up (code ${child.exitCode}):\n${output.join('')}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/ready`);
      if (response.ok) {
        appendFileSync(
          options.logFile,
          `--- ready on ${baseURL} in ${Date.now() - startedAt} ms\n`,
        );
        return { baseURL, stop, kill };
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready within 90 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The envelope's `data`, typed by the caller for the one route it calls. */
export interface Answer<T> {
  status: number;
  data: T;
}
/** The API of a server of its own, called as one admin. */
export interface Api {
  json<T>(method: string, url: string, body?: unknown): Promise<Answer<T>>;
}

/**
 * The API of `server` (a server of its own, started by startServer) signed in as `admin`, called
 * with Node's fetch: `json(method, url, body)` answers the status and the envelope's `data`.
 */
export async function signedInApi(server: RunningServer, admin: AdminCredentials): Promise<Api> {
  const call = async <T>(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<Answer<T>> => {
    const response = await fetch(`${server.baseURL}/api${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { data: T };
    return { status: response.status, data: envelope.data };
  };
  const login = await call<{ accessToken: string }>('POST', '/auth/login', {
    email: admin.email,
    password: admin.password,
  });
  expect(login.status, `${admin.email} signs in`).toBe(200);
  const token = login.data.accessToken;
  return { json: (method, url, body) => call(method, url, body, token) };
}
