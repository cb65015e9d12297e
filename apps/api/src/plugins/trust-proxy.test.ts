import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { auditLog } from '../db/schema/audit-log.ts';
import { createAdmin, postLogin } from '../../test/support/sign-in.ts';
import { auditEntriesOf } from '../../test/support/factories.ts';
import { createTestContext, type TestContext } from '../../test/support/app.ts';

function address(prefix: string): string {
  const bytes = randomBytes(2);
  return `${prefix}.${bytes[0]}.${bytes[1]}`;
}

function failedSignIn(
  ctx: TestContext,
  email: string,
  remoteAddress: string,
  forwardedFor?: string,
) {
  return postLogin(
    ctx,
    { email, password: 'wrong password 1' },
    { ip: remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
  );
}

async function auditedAddresses(ctx: TestContext, email: string): Promise<string[]> {
  const rows = await auditEntriesOf(ctx, { action: 'auth.sign_in_failed' });
  return rows
    .filter((row) => (row.after as { email?: string } | null)?.email === email)
    .map((row) => String(row.ip));
}

test('TRUST_PROXY takes true, false or a list of addresses/CIDRs, and names a bad value', () => {
  expect(loadConfig({}).TRUST_PROXY).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual([
    '127.0.0.1',
    '10.0.0.0/8',
    'loopback',
  ]);
  expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,not-an-address' })).toThrow(/TRUST_PROXY/);
  expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
});

describe('without TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('a forged X-Forwarded-For changes neither the audited address nor the sign-in limits', async () => {
    const admin = await createAdmin(ctx);
    const peer = address('10.1');
    const forged: string[] = [];
    // LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP is 5: each try claims another address.
    for (let i = 0; i < 5; i++) {
      forged.push(address('203.0'));
      const res = await failedSignIn(ctx, admin.email, peer, forged.at(-1));
      expect(res.statusCode).toBe(401);
    }
    const sixth = await failedSignIn(ctx, admin.email, peer, address('203.0'));
    expect(sixth.statusCode).toBe(429);

    expect(await auditedAddresses(ctx, admin.email)).toEqual(Array(6).fill(peer));
    const rows = await ctx.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(inArray(auditLog.ip, forged));
    expect(rows).toEqual([]);
  });
});

describe('with TRUST_PROXY naming the proxy (10.9.0.0/16)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '10.9.0.0/16' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  test("through the proxy, the limits and the audit log see each client's own address", async () => {
    const admin = await createAdmin(ctx);
    const proxy = '10.9.0.1';
    const alice = address('203.0');
    const bob = address('198.51');
    for (let i = 0; i < 5; i++) {
      // (The refused sixth try is audited too.) What nginx sends: the client's forwarded address appended to what the client sent.
      const res = await failedSignIn(ctx, admin.email, proxy, `1.2.3.4, ${alice}`);
      expect(res.statusCode).toBe(401);
    }
    expect((await failedSignIn(ctx, admin.email, proxy, alice)).statusCode).toBe(429);
    // Another client behind the same proxy is not held to alice's limit.
    expect((await failedSignIn(ctx, admin.email, proxy, bob)).statusCode).toBe(401);

    expect(await auditedAddresses(ctx, admin.email)).toEqual([...Array(6).fill(alice), bob]);
  });

  test('a peer that is not the proxy cannot forge its address', async () => {
    const admin = await createAdmin(ctx);
    const direct = address('192.0');
    expect((await failedSignIn(ctx, admin.email, direct, '10.9.0.7')).statusCode).toBe(401);
    expect(await auditedAddresses(ctx, admin.email)).toEqual([direct]);
  });
});
