import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { admins } from '../../db/schema/admins.ts';
import { runStartupTasks } from '../../startup.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { postLogin } from '../../../test/support/sign-in.ts';
import { auditEntriesOf } from '../../../test/support/factories.ts';
import { runProcess } from '../../../test/support/processes.ts';

const ctx = useTestContext();

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('start-up creates the admin from ADMIN_* once, as an Owner, and never changes it afterwards', async () => {
  const adminsWithEmail = (email: string) =>
    ctx.database.db
      .select({
        id: admins.id,
        fullName: admins.fullName,
        passwordHash: admins.passwordHash,
        role: admins.role,
      })
      .from(admins)
      .where(sql`lower(${admins.email}) = ${email.toLowerCase()}`);
  const start = (name: string, password: string) =>
    runStartupTasks({
      config: {
        ...ctx.config,
        ADMIN_EMAIL: 'Owner@Example.com',
        ADMIN_PASSWORD: password,
        ADMIN_NAME: name,
      },
      database: ctx.database,
      log: ctx.app.log,
    });

  await start('Olive Owner', 'first password');
  const [created] = await adminsWithEmail('owner@example.com');
  expect(created?.fullName).toBe('Olive Owner');
  // docs/architecture.md#roles: the first admin manages the others (docs/decisions/220).
  expect(created?.role).toBe('owner');
  expect(created?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
  expect(
    (await postLogin(ctx, { email: 'owner@example.com', password: 'first password' })).statusCode,
  ).toBe(200);
  expect(ctx.logs.join('')).toContain('created the admin from ADMIN_EMAIL');
  expect(ctx.logs.join('')).not.toContain('first password');

  await start('Someone Else', 'second password');
  const after = await adminsWithEmail('owner@example.com');
  expect(after).toEqual([created]);
  expect(
    (await postLogin(ctx, { email: 'owner@example.com', password: 'second password' })).statusCode,
  ).toBe(401);
  expect(ctx.logs.join('')).toContain('exists already; left unchanged');

  const audit = (await auditEntriesOf(ctx, { entityId: created!.id })).map(({ action, after }) => ({
    action,
    after,
  }));
  // The sign-ins above are audited too; what matters here is that the admin was created once.
  expect(audit.filter((entry) => !entry.action.startsWith('auth.sign'))).toEqual([
    {
      action: 'admin.created',
      after: {
        email: 'owner@example.com',
        fullName: 'Olive Owner',
        role: 'owner',
        source: 'environment',
      },
    },
  ]);
});

test('start-up without ADMIN_* creates nobody', async () => {
  const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(admins);
  await runStartupTasks({ config: ctx.config, database: ctx.database, log: ctx.app.log });
  const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(admins);
  expect(after).toEqual(before);
});

test('admin:create creates an admin in the database the server uses, from ADMIN_* without a terminal', async () => {
  const runCli = (env: Record<string, string>) =>
    // No TTY on stdin: the CLI takes its answers from ADMIN_*.
    runProcess(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
  // npm runs the script inside apps/api; the server runs where `npm start` was typed (INIT_CWD).
  const project = mkdtempSync(path.join(tmpdir(), 'cask-cli-'));
  try {
    const env = {
      INIT_CWD: project,
      DATA_DIR: 'data',
      ADMIN_NAME: 'Cli Admin',
      ADMIN_EMAIL: 'cli@example.com',
      ADMIN_PASSWORD: 'from the script',
    };
    const invalid = await runCli({ ...env, ADMIN_PASSWORD: 'short' });
    expect(invalid.code).toBe(1);
    expect(invalid.output).toMatch(/ADMIN_PASSWORD/);
    expect(existsSync(path.join(project, 'data'))).toBe(false);

    const created = await runCli(env);
    expect(created.output).toContain('Created admin Cli Admin <cli@example.com>');
    expect(created.output).toContain(path.join(project, 'data', 'pglite'));
    expect(created.code).toBe(0);
    expect(existsSync(path.join(project, 'data', 'pglite'))).toBe(true);

    // Issue 41 item 8: a password on the common list is refused, named as the others are.
    const common = await runCli({
      ...env,
      ADMIN_EMAIL: 'cli2@example.com',
      ADMIN_PASSWORD: 'Password1',
    });
    expect(common.output).toContain('password: This password is too common. Choose another.');
    expect(common.code).toBe(1);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}, 120_000); // a child process that opens an embedded database on disk
