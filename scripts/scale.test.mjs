// `npm run test:scale` (README "Deployment", issue 32): the reference deployment of deploy/ on
// this machine, from exactly its files: PostgreSQL (the server on 127.0.0.1:5432, a scratch
// database), Redis, two API instances run as deploy/systemd/cask-admin@.service runs them (with
// deploy/cask-admin.env), and nginx with deploy/nginx/cask-admin.conf. Only ports and paths are
// changed. Then, through nginx and on each instance: a browser session, a token, an uploaded
// file, a refresh rotation and the limits across both instances; SIGKILL of one instance under a
// stream of writes; a rolling restart of both that loses no request.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deploy = path.join(root, 'deploy');
const POSTGRES = process.env.SCALE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_PORT = Number(process.env.SCALE_REDIS_PORT ?? 6379);
const NGINX = '/usr/sbin/nginx';
const REDIS_SERVER = '/usr/bin/redis-server';
const ADMIN = { name: 'Scale Admin', email: 'scale@example.com', password: 'scale test 42' };
const work = mkdtempSync(path.join(tmpdir(), 'cask-scale-'));
// nginx's workers (user nobody when started as root) write their temp files in here.
chmodSync(work, 0o755);

// ---------------------------------------------------------------------------------------------
// Machine parts: what the deployment needs, installed the way .ci/postgres-server does.

function asRoot(command, args) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? [command, args] : ['sudo', ['-n', command, ...args]];
  const result = spawnSync(file, argv, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (root needed)`);
}

function ensurePackage(binary, pkg) {
  if (existsSync(binary)) return;
  console.info(`${binary} is missing: installing Debian's ${pkg} package.`);
  asRoot('apt-get', ['update']);
  asRoot('apt-get', ['install', '-y', '--no-install-recommends', pkg]);
  assert.ok(existsSync(binary), `${pkg} installed but ${binary} is not there`);
}

function freePort(host = '127.0.0.1', port = 0) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, host, () => {
      const { port: got } = server.address();
      server.close(() => resolve(got));
    });
  });
}

/** An instance port P with P and 1P both free: the unit's METRICS_PORT is `1%i`. */
async function instancePort(taken) {
  for (;;) {
    const port = 2000 + Math.floor(Math.random() * 3500);
    if (taken.has(port)) continue;
    if ((await freePort('127.0.0.1', port)) && (await freePort('127.0.0.1', 10000 + port))) {
      taken.add(port);
      return port;
    }
  }
}

/** Whether Redis answers PING on 127.0.0.1:port. */
function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs = 60_000) {
  const started = Date.now();
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
    }
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// The deploy/ files, read as the operator installs them; only ports and paths are replaced.

/** KEY=value lines of an environment file (systemd's EnvironmentFile syntax, no quoting). */
function parseEnvFile(text) {
  const env = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]] = match[2].trim();
  }
  return env;
}

/** The unit's [Service] settings for instance `port`: environment, command, directory. */
function unitFor(port, sharedEnv) {
  const text = readFileSync(path.join(deploy, 'systemd/cask-admin@.service'), 'utf8').replaceAll(
    '%i',
    String(port),
  );
  const env = { ...sharedEnv };
  let exec;
  let cwd;
  for (const line of text.split('\n')) {
    const [key, ...rest] = line.split('=');
    const value = rest.join('=').trim();
    if (key === 'Environment') {
      const [name, ...setting] = value.split('=');
      env[name] = setting.join('=');
    } else if (key === 'ExecStart') {
      exec = value.split(/\s+/);
    } else if (key === 'WorkingDirectory') {
      cwd = value;
    } else if (key === 'EnvironmentFile') {
      assert.equal(value, '/etc/cask-admin/cask-admin.env', 'the unit reads deploy/cask-admin.env');
    }
  }
  assert.ok(exec && cwd, 'the unit has ExecStart and WorkingDirectory');
  // Paths: the unit's /srv/cask-admin is this checkout, /usr/bin/node this Node.
  const here = (value) => value.replace('/srv/cask-admin', root);
  assert.equal(exec[0], '/usr/bin/node');
  return { env, command: process.execPath, args: exec.slice(1).map(here), cwd: here(cwd) };
}

/** deploy/nginx/cask-admin.conf with its listen address and upstream ports replaced. */
function nginxSite(listenPort, ports) {
  let text = readFileSync(path.join(deploy, 'nginx/cask-admin.conf'), 'utf8');
  assert.match(text, /listen 80;/);
  text = text.replace('listen 80;', `listen 127.0.0.1:${listenPort};`);
  for (const [index, port] of ports.entries()) {
    const original = `server 127.0.0.1:${3001 + index} `;
    assert.ok(text.includes(original), `the upstream lists ${original.trim()}`);
    text = text.replace(original, `server 127.0.0.1:${port} `);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------

const state = {
  /** @type {Map<number, { child: import('node:child_process').ChildProcess, exited: Promise<{code:number|null, signal:string|null}>, output: string[] }>} */
  instances: new Map(),
  ports: [],
  sharedEnv: {},
  nginx: undefined,
  base: '',
  database: '',
  databaseUrl: '',
};

/** nginx's worker processes (children of the master this test started). */
function nginxWorkers() {
  const ps = spawnSync('ps', ['-o', 'pid=', '--ppid', String(state.nginx.pid)], {
    encoding: 'utf8',
  });
  return ps.stdout.split('\n').filter(Boolean).map(Number);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Marks an instance `down` in the site's upstream (or back up) and reloads nginx, as the README's
 * rolling restart does with sed and `nginx -s reload`; done once the old workers, which may
 * still send to it, have finished their requests and exited.
 */
async function setInstanceDown(port, down) {
  const file = path.join(work, 'cask-admin.conf');
  const line = new RegExp(`(server 127\\.0\\.0\\.1:${port} [^;]*?)( down)?;`);
  assert.match(readFileSync(file, 'utf8'), line);
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(line, (_, head) => `${head}${down ? ' down' : ''};`),
  );
  const old = nginxWorkers();
  const reload = spawnSync(NGINX, [
    '-p',
    work,
    '-c',
    path.join(work, 'nginx.conf'),
    '-s',
    'reload',
  ]);
  assert.equal(reload.status, 0, String(reload.stderr));
  await until('the old nginx workers to finish', () => !old.some(isAlive), 60_000);
}

function startInstance(port) {
  const unit = unitFor(port, state.sharedEnv);
  const child = spawn(unit.command, unit.args, {
    cwd: unit.cwd,
    env: { PATH: process.env.PATH, ...unit.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  state.instances.set(port, { child, exited, output });
  return until(
    `instance ${port} ready`,
    async () => {
      const exit = await Promise.race([exited, sleep(0).then(() => undefined)]);
      if (exit) throw new Error(`instance ${port} exited: ${output.join('')}`);
      return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;
    },
    120_000,
  ).catch((error) => {
    // What the instance said while it was not ready: where its start stood.
    throw new Error(`${error.message}\n--- instance ${port} output ---\n${output.join('')}`);
  });
}

async function stopInstance(port, signal) {
  const instance = state.instances.get(port);
  instance.child.kill(signal);
  return instance.exited;
}

/** A request straight to one instance, as a client behind the trusted proxy with `client` ip. */
function direct(port, pathname, { client, ...init } = {}) {
  return fetch(`http://127.0.0.1:${port}${pathname}`, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(client ? { 'x-forwarded-for': client } : {}) },
  });
}

/**
 * A request through nginx from a random loopback address (127.x.y.z), as from its own client:
 * nginx names that address in X-Forwarded-For, so each request has its own rate-limit budget,
 * and a stream of them is not one client flooding (the same address for all would hit
 * RATE_LIMIT_PER_MINUTE, as a real client sending that much would).
 */
function viaNginx(pathname, { method = 'GET', headers = {}, body, from } = {}) {
  const localAddress =
    from ?? `127.${[1, 2, 3].map(() => 1 + (randomBytes(1)[0] % 250)).join('.')}`;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${state.base}${pathname}`,
      { method, headers, localAddress, agent: false },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const each of [value].flat()) responseHeaders.append(name, String(each));
          }
          const status = response.statusCode ?? 0;
          const content = [204, 304].includes(status) ? null : Buffer.concat(chunks);
          resolve(new Response(content, { status, headers: responseHeaders }));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const randomClient = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

async function signIn(port, client = randomClient()) {
  const res = await direct(port, '/api/auth/login', {
    client,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).data;
}

before(async () => {
  ensurePackage(NGINX, 'nginx');
  assert.equal(buildIfStale(), 0, 'the build');
  // The PostgreSQL server on 127.0.0.1:5432 (installed and started when none answers, as in CI).
  const postgres = spawnSync('bash', [path.join(root, '.ci/postgres-server')], {
    stdio: 'inherit',
  });
  assert.equal(postgres.status, 0, '.ci/postgres-server');

  // PostgreSQL: a scratch database on the local server, owned by a role of this run; the
  // instances connect as another, which owns nothing (README "Deployment", step 3).
  state.database = `cask_scale_${randomBytes(5).toString('hex')}`;
  state.roles = { owner: `${state.database}_owner`, app: `${state.database}_app` };
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  const urls = {};
  for (const [kind, role] of Object.entries(state.roles)) {
    const password = randomBytes(12).toString('hex');
    await admin.query(`create role ${role} login password '${password}'`);
    const url = new URL(POSTGRES);
    url.username = role;
    url.password = password;
    url.pathname = `/${state.database}`;
    urls[kind] = url.toString();
  }
  await admin.query(`create database ${state.database} owner ${state.roles.owner}`);
  await admin.end();
  state.databaseUrl = urls.app;
  state.migrationUrl = urls.owner;

  // Redis: the one on this machine, else a redis-server of our own on a free port.
  state.redisPort = REDIS_PORT;
  if (!(await redisAnswers(REDIS_PORT))) {
    ensurePackage(REDIS_SERVER, 'redis-server');
    state.redisPort = await freePort();
    state.redis = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(state.redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore' },
    );
    await until('our redis-server', () => redisAnswers(state.redisPort));
  }

  const taken = new Set();
  state.ports = [await instancePort(taken), await instancePort(taken)];
  const nginxPort = await freePort();
  state.base = `http://127.0.0.1:${nginxPort}`;

  // deploy/cask-admin.env with this machine's addresses and a fresh secret and data folder.
  const shared = parseEnvFile(readFileSync(path.join(deploy, 'cask-admin.env'), 'utf8'));
  assert.equal(shared.TRUST_PROXY, '127.0.0.1', 'the instances trust nginx on this machine');
  assert.ok(shared.MIGRATION_DATABASE_URL, 'the instances migrate as the owner of the tables');
  state.sharedEnv = {
    ...shared,
    DATABASE_URL: state.databaseUrl,
    MIGRATION_DATABASE_URL: state.migrationUrl,
    REDIS_URL: `redis://127.0.0.1:${state.redisPort}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: path.join(work, 'data'),
    PUBLIC_URL: state.base,
  };

  // README "Deployment": the first admin, then the first instance (it migrates), then the rest.
  const created = spawnSync('npm', ['run', 'admin:create'], {
    cwd: root,
    env: {
      ...process.env,
      ...state.sharedEnv,
      ADMIN_NAME: ADMIN.name,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  assert.equal(created.status, 0, created.stdout + created.stderr);
  for (const port of state.ports) await startInstance(port);

  writeFileSync(path.join(work, 'cask-admin.conf'), nginxSite(nginxPort, state.ports));
  writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/nginx-error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${work}/nginx-access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${work}/${kind}-temp;`,
      ),
      `  include ${work}/cask-admin.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = spawn(
    NGINX,
    ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  state.nginx = nginx;
  await until('nginx', async () => (await viaNginx('/api/ready')).status === 200);
});

after(async () => {
  state.nginx?.kill('SIGTERM');
  state.redis?.kill('SIGTERM');
  for (const { child } of state.instances.values())
    if (child.exitCode === null) child.kill('SIGKILL');
  if (state.database) {
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`drop database if exists ${state.database} with (force)`);
    for (const role of Object.values(state.roles ?? {})) {
      await admin.query(`drop role if exists ${role}`);
    }
    await admin.end();
  }
  if (!process.env.SCALE_KEEP) rmSync(work, { recursive: true, force: true });
});

describe('the reference deployment (deploy/) with two instances behind nginx', () => {
  it("the instances connect as the role that owns nothing, and it is refused the owner's work", async () => {
    const db = new pg.Client({ connectionString: state.databaseUrl });
    await db.connect();
    try {
      // Every other connection to the database is an instance's: the migrations' is closed.
      const { rows } = await db.query(
        `select distinct usename from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      assert.deepEqual(rows, [{ usename: state.roles.app }]);
      await assert.rejects(db.query('alter table audit_log disable trigger all'), {
        code: '42501',
      });
      await assert.rejects(db.query('delete from audit_log'), { code: '42501' });
    } finally {
      await db.end();
    }
  });

  it('serves the web app and the API on one address, balanced across both instances', async () => {
    const page = await viaNginx('/signin');
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    const ids = new Set();
    for (let i = 0; i < 6; i++) {
      const res = await viaNginx('/api/health');
      assert.equal(res.status, 200);
      ids.add(res.headers.get('x-request-id'));
    }
    // nginx's $request_id (32 hex characters) is the request id the API answers and logs.
    assert.equal(ids.size, 6);
    for (const id of ids) assert.match(id, /^[0-9a-f]{32}$/);
    // Both instances served (their own metrics listeners count what they answered).
    for (const port of state.ports) {
      const metrics = await (await fetch(`http://127.0.0.1:${10000 + port}/metrics`)).text();
      const served = metrics
        .split('\n')
        .filter((line) =>
          line.startsWith('http_request_duration_seconds_count{route="/api/health"'),
        )
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
      assert.ok(served > 0, `instance ${port} answered /api/health through nginx`);
    }
  });

  it('signs in and works in Chromium through nginx', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage({ baseURL: state.base });
      await page.goto('/signin');
      await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page
        .getByText(`Welcome, ${ADMIN.name}`)
        .waitFor()
        .catch(async (error) => {
          await page.screenshot({ path: path.join(work, 'chromium.png') });
          throw error;
        });
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Notifications/ })
        .click();
      await page.getByRole('heading', { name: /^Notifications/ }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: /^Notifications/ }).waitFor();
    } finally {
      await browser.close();
    }
  });

  it('a token, an uploaded file and a refresh rotation work across both instances', async () => {
    const [a, b] = state.ports;
    const session = await signIn(a);
    for (const port of state.ports) {
      const profile = await direct(port, '/api/auth/profile', {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      assert.equal(profile.status, 200, `the token of ${a} works on ${port}`);
    }

    // An image uploaded to one instance is served by the other and through nginx.
    const png = await sharpPng();
    const form = new FormData();
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'avatar.png');
    const upload = await direct(a, '/api/auth/upload-avatar', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}` },
      body: form,
    });
    assert.equal(upload.status, 200, await upload.clone().text());
    const { avatarUrl } = (await upload.json()).data;
    const pathname = new URL(avatarUrl, state.base).pathname;
    assert.match(pathname, /^\/uploads\//);
    const fromB = await direct(b, pathname);
    const fromNginx = await viaNginx(pathname);
    assert.equal(fromB.status, 200);
    assert.equal(fromNginx.status, 200);
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    assert.ok(bytesB.length > 0);
    assert.deepEqual(Buffer.from(await fromNginx.arrayBuffer()), bytesB);

    // Rotation on B of a token issued by A; the rotated token again on A within the grace
    // period answers the same successor (the state is in PostgreSQL, not in an instance).
    const refresh = (port, token) =>
      direct(port, `/api/auth/refresh-token?refreshToken=${encodeURIComponent(token)}`);
    const rotated = await refresh(b, session.refreshToken);
    assert.equal(rotated.status, 200);
    const next = (await rotated.json()).data;
    assert.notEqual(next.refreshToken, session.refreshToken);
    const again = await refresh(a, session.refreshToken);
    assert.equal(again.status, 200);
    assert.equal((await again.json()).data.refreshToken, next.refreshToken);
    const third = await refresh(a, next.refreshToken);
    assert.equal(third.status, 200);
    // Logout on one instance ends the session on the other.
    const { accessToken, refreshToken } = (await third.json()).data;
    const logout = await direct(b, '/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    assert.equal(logout.status, 200, await logout.clone().text());
    assert.equal((await refresh(a, refreshToken)).status, 401);
  });

  it('the limits count across both instances, per client address given by nginx', async () => {
    const [a, b] = state.ports;
    // Sign-in failures (PostgreSQL): 5 per account and address, whichever instance answers.
    const client = randomClient();
    const attempt = (port) =>
      direct(port, '/api/auth/login', {
        client,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: 'not the password' }),
      });
    for (let i = 0; i < 5; i++) assert.equal((await attempt(i % 2 ? a : b)).status, 401);
    assert.equal((await attempt(a)).status, 429);
    assert.equal((await attempt(b)).status, 429);

    // The flood guard (Redis): RATE_LIMIT_PER_MINUTE (600) per address, shared by both.
    const flood = randomClient();
    let served = 0;
    for (;;) {
      const res = await direct(served % 2 ? a : b, '/api/auth/profile', { client: flood });
      if (res.status === 429) break;
      assert.equal(res.status, 401);
      served += 1;
      assert.ok(served <= 600, 'the 601st request from one address is refused');
    }
    assert.equal(served, 600);

    // Through nginx, a client cannot forge its address: X-Forwarded-For is nginx's own.
    const forged = await viaNginx('/api/auth/login', {
      from: '127.9.9.9',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': flood },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
    });
    assert.equal(forged.status, 401, 'not counted as the flooded address');
    const db = new pg.Client({ connectionString: state.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select ip from audit_log where action = 'auth.sign_in_failed'
          and after->>'email' = 'nobody@example.com'`,
      );
      assert.deepEqual(rows, [{ ip: '127.9.9.9' }], 'the audit log has the real client address');
    } finally {
      await db.end();
    }
  });

  it('SIGKILL of one instance during a stream of writes loses no acknowledged write', async () => {
    const [a, b] = state.ports;
    const { accessToken } = await signIn(b);
    const acknowledged = [];
    const failed = [];
    let killedAt = 0;
    let stop = false;
    let sent = 0;
    const writer = async () => {
      while (!stop) {
        const title = `scale write ${sent++}`;
        const startedAt = Date.now();
        try {
          const res = await viaNginx('/api/notifications', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${accessToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ title, message: 'written', type: 'system', isGlobal: true }),
          });
          if (res.status === 201) acknowledged.push((await res.json()).data.notification.id);
          else failed.push({ startedAt, status: res.status });
        } catch (error) {
          failed.push({ startedAt, status: error.message });
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    await until('30 writes', () => acknowledged.length >= 30);
    // Each writer has one request under way at a time: at the kill, at most four.
    const signalledAt = Date.now();
    const exit = await stopInstance(a, 'SIGKILL');
    assert.equal(exit.signal, 'SIGKILL');
    // From here the instance is gone: a request sent after this never reached it. Between the
    // signal and here (the exit seen), nginx may still hand a dying instance a request on a kept
    // connection: those may fail too, however many a busy machine lets through in that window.
    killedAt = Date.now();
    const atKill = acknowledged.length;
    try {
      try {
        // The other instance keeps answering, directly and through nginx.
        assert.equal((await direct(b, '/api/ready')).status, 200);
        await until('40 more writes', () => acknowledged.length >= atKill + 40);
      } finally {
        stop = true;
        await Promise.all(writers);
      }

      // Only requests under way when the instance died may have failed (never acknowledged).
      for (const failure of failed) {
        assert.ok(
          failure.startedAt <= killedAt,
          `a request after the kill failed: ${failure.status}`,
        );
      }
      const beforeSignal = failed.filter((failure) => failure.startedAt < signalledAt);
      assert.ok(
        beforeSignal.length <= 4,
        `at most one request under way per writer at the kill: ${JSON.stringify(failed)}`,
      );

      const db = new pg.Client({ connectionString: state.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query('select id from notifications where id = any($1::uuid[])', [
          acknowledged,
        ]);
        assert.equal(rows.length, acknowledged.length, 'every acknowledged write is stored');
      } finally {
        await db.end();
      }
    } finally {
      // Back for the tests after this one, whatever this one found.
      await startInstance(a);
    }
    assert.equal((await direct(a, '/api/ready')).status, 200);
  });

  it('a rolling restart of both instances loses no request', async () => {
    const { accessToken } = await signIn(state.ports[0]);
    const headers = { authorization: `Bearer ${accessToken}` };
    const results = [];
    let stop = false;
    const client = async (index) => {
      let n = 0;
      while (!stop) {
        const write = n++ % 2 === 0;
        const res = await viaNginx(write ? '/api/notifications' : '/api/notifications?page=1', {
          method: write ? 'POST' : 'GET',
          headers: write ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(write
            ? {
                body: JSON.stringify({
                  title: `rolling ${index}-${n}`,
                  message: 'during a deploy',
                  type: 'system',
                  isGlobal: true,
                }),
              }
            : {}),
        }).catch((error) => ({ status: error.message }));
        results.push(res.status);
      }
    };
    const clients = Array.from({ length: 4 }, (_, index) => client(index));
    // README "Deployment", step 8: out of nginx's upstream, restarted, back in; one at a time.
    for (const port of state.ports) {
      const before = results.length;
      await until('traffic', () => results.length >= before + 20);
      await setInstanceDown(port, true);
      const exit = await stopInstance(port, 'SIGTERM');
      assert.equal(exit.code, 0, `instance ${port} stopped cleanly`);
      await startInstance(port);
      await setInstanceDown(port, false);
    }
    const before = results.length;
    await until('traffic after the restarts', () => results.length >= before + 20);
    stop = true;
    await Promise.all(clients);
    const failures = results.filter((status) => status !== 200 && status !== 201);
    assert.deepEqual(failures, [], `${failures.length} of ${results.length} requests failed`);
  });
});

/** A small real PNG, made by sharp (the API's own image library). */
async function sharpPng() {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 160, b: 60 } },
  })
    .png()
    .toBuffer();
}
