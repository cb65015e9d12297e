import { afterEach, expect, test, vi } from 'vitest';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = 'a'.repeat(48);
const otherSecret = 'b'.repeat(48);
const adminId = '7d9c1a52-5f5e-4a43-9d3c-2b1f7f0c9a11';
const claims = { adminId, tokenVersion: 3 };

afterEach(() => {
  vi.useRealTimers();
});

test('a signed access token verifies, again and again, to the same admin', async () => {
  const token = await signAccessToken(secret, claims);
  expect(await verifyAccessToken(secret, token)).toEqual(claims);
  expect(await verifyAccessToken(secret, token)).toEqual(claims);
});

test('a token whose signature was altered is refused, even after the genuine one was used', async () => {
  const token = await signAccessToken(secret, claims);
  expect(await verifyAccessToken(secret, token)).toEqual(claims);
  const [header, payload, signature] = token.split('.');
  const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
  expect(await verifyAccessToken(secret, `${header}.${payload}.${flipped}`)).toBeNull();
});

test('a token verified under one secret is refused under another', async () => {
  const token = await signAccessToken(secret, claims);
  expect(await verifyAccessToken(secret, token)).toEqual(claims);
  expect(await verifyAccessToken(otherSecret, token)).toBeNull();
});

test('a token that was accepted is refused once its 15 minutes are over', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  const token = await signAccessToken(secret, claims);
  expect(await verifyAccessToken(secret, token)).toEqual(claims);
  vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000));
  expect(await verifyAccessToken(secret, token)).toBeNull();
});

test('a token of another type, issuer or audience is refused', async () => {
  const key = new TextEncoder().encode(secret);
  const base = () =>
    new SignJWT({ typ: 'access', ver: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuer('cask-admin')
      .setAudience('cask-admin-web')
      .setExpirationTime('5m');
  expect(await verifyAccessToken(secret, await base().sign(key))).toEqual(claims);
  const refresh = await new SignJWT({ typ: 'refresh', ver: 3 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(adminId)
    .setIssuer('cask-admin')
    .setAudience('cask-admin-web')
    .setExpirationTime('5m')
    .sign(key);
  expect(await verifyAccessToken(secret, refresh)).toBeNull();
  expect(await verifyAccessToken(secret, await base().setIssuer('someone').sign(key))).toBeNull();
  expect(await verifyAccessToken(secret, await base().setAudience('other').sign(key))).toBeNull();
});
