import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { auditLog } from '../db/schema/audit-log.ts';
import { createAdmin, postLogin } from '../../test/support/sign-in.ts';
import { failedSignInAddresses } from '../../test/support/audit.ts';
import { newIp } from '../../test/support/requests.ts';
import { createTestContext, type TestContext } from '../../test/support/app.ts';

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
    const wrong = { email: admin.email, password: 'wrong password 1' };
    const peer = newIp('10.1');
    const forged: string[] = [];
    // LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP is 5: each try claims another address.
    for (let i = 0; i < 5; i++) {
      const claimed = newIp('203.0');
      forged.push(claimed);
      const res = await postLogin(ctx, wrong, {
        ip: peer,
        headers: { 'x-forwarded-for': claimed },
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await postLogin(ctx, wrong, {
      ip: peer,
      headers: { 'x-forwarded-for': newIp('203.0') },
    });
    expect(sixth.statusCode).toBe(429);

    expect(await failedSignInAddresses(ctx, admin.email)).toEqual(Array(6).fill(peer));
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
    const wrong = { email: admin.email, password: 'wrong password 1' };
    const proxy = '10.9.0.1';
    const alice = newIp('203.0');
    const bob = newIp('198.51');
    for (let i = 0; i < 5; i++) {
      // (The refused sixth try is audited too.) What nginx sends: the client's forwarded address appended to what the client sent.
      const res = await postLogin(ctx, wrong, {
        ip: proxy,
        headers: { 'x-forwarded-for': `1.2.3.4, ${alice}` },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await postLogin(ctx, wrong, { ip: proxy, headers: { 'x-forwarded-for': alice } }))
        .statusCode,
    ).toBe(429);
    // Another client behind the same proxy is not held to alice's limit.
    expect(
      (await postLogin(ctx, wrong, { ip: proxy, headers: { 'x-forwarded-for': bob } })).statusCode,
    ).toBe(401);

    expect(await failedSignInAddresses(ctx, admin.email)).toEqual([...Array(6).fill(alice), bob]);
  });

  test('a peer that is not the proxy cannot forge its address', async () => {
    const admin = await createAdmin(ctx);
    const wrong = { email: admin.email, password: 'wrong password 1' };
    const direct = newIp('192.0');
    expect(
      (await postLogin(ctx, wrong, { ip: direct, headers: { 'x-forwarded-for': '10.9.0.7' } }))
        .statusCode,
    ).toBe(401);
    expect(await failedSignInAddresses(ctx, admin.email)).toEqual([direct]);
  });
});
