import { createHash, createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

const ISSUER = 'cask-admin';
const AUDIENCE = 'cask-admin-web';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  adminId: string;
  /**
   * The admin's token version when the token was issued; the look-up on every request compares
   * it with the current one, so raising it ends every earlier token at once (decisions/131).
   */
  tokenVersion: number;
  /**
   * The session (refresh family) the token was issued to; the look-up refuses it once that
   * session has ended (docs/decisions/225). Every token the API issues has one; only tokens
   * minted outside a sign-in (the bench) lack it.
   */
  sessionId?: string;
}

// Importing the raw secret on every call cost more than the HMAC itself (0.40 ms a verification
// against 0.15 ms, bench/results/latest.md): each secret is imported once. A process holds one
// secret (tests a few), so the map stays tiny.
const keys = new Map<string, KeyObject>();

function key(secret: string): KeyObject {
  let imported = keys.get(secret);
  if (!imported) {
    imported = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, imported);
  }
  return imported;
}

/**
 * docs/architecture.md#authentication: a 15-minute HS256 JWT with issuer, audience and type checked
 * on the way in.
 */
export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({
    typ: 'access',
    ver: claims.tokenVersion,
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.adminId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key(secret));
}

/**
 * Tokens already verified, by their exact text, with their expiry. An admin's browser sends the
 * same token with every request for 15 minutes, and a verification (WebCrypto HMAC through
 * jose) cost ~0.5 ms of the API's time, more than a page of customers from PostgreSQL. A token
 * only gets here after jose accepted its signature and claims, so a hit needs no signature
 * check. lru-cache bounds it (the least recently used go first) and drops each entry when its
 * token expires; the expiry is also checked against the clock on every hit, as jose checks it.
 */
interface VerifiedToken {
  secret: string;
  claims: AccessClaims;
  expiresAtMs: number;
}
const verified = new LRUCache<string, VerifiedToken>({ max: 10_000 });

function rememberVerified(secret: string, token: string, claims: AccessClaims, exp: number) {
  const expiresAtMs = exp * 1000;
  const ttl = expiresAtMs - Date.now();
  if (ttl > 0) verified.set(token, { secret, claims, expiresAtMs }, { ttl });
}

/**
 * Parse at the boundary: a token signed with the real key is still input. A `sub` that is not a
 * UUID once reached PostgreSQL's uuid parser and answered 500 (issue 10, finding 4).
 */
const accessPayload = z.object({
  typ: z.literal('access'),
  sub: z.uuid(),
  exp: z.number(),
  ver: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  sid: z.uuid().optional(),
});

/**
 * A token this process verified before, without verifying it again: its claims while it has not
 * expired, null once it has, undefined when it was never verified here (verifyAccessToken then
 * checks its signature). Synchronous, so a hook can admit a known token without a promise.
 */
export function knownAccessToken(secret: string, token: string): AccessClaims | null | undefined {
  const known = verified.get(token);
  if (!known || known.secret !== secret) return undefined;
  if (Date.now() < known.expiresAtMs) return known.claims;
  verified.delete(token);
  return null;
}

/** Returns the claims, or null for any invalid, expired or foreign token. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<AccessClaims | null> {
  const known = knownAccessToken(secret, token);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const parsed = accessPayload.safeParse(payload);
    if (!parsed.success) return null;
    const claims: AccessClaims = { adminId: parsed.data.sub, tokenVersion: parsed.data.ver };
    if (parsed.data.sid) claims.sessionId = parsed.data.sid;
    rememberVerified(secret, token, claims, parsed.data.exp);
    return claims;
  } catch {
    return null;
  }
}

/**
 * docs/architecture.md#authentication and docs/screens/common.md#session: a session lasts as long as the 365-day
 * refreshToken cookie.
 */
export const REFRESH_TOKEN_TTL_DAYS = 365;

/** 256 random bits in base64url (43 characters) and the SHA-256 under which it is stored. */
export function createRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token that replaces `spent` on rotation: an HMAC of it under the server secret, so the same
 * spent token always yields the same successor. Two tabs refreshing with one token therefore get
 * the same new pair without the successor ever being stored in clear (docs/decisions/130). It is
 * as unguessable as a random token to anyone who lacks the secret or the spent token.
 */
export function successorRefreshToken(
  secret: string,
  spent: string,
): { token: string; hash: string } {
  const token = createHmac('sha256', secret)
    .update(`refresh-rotation:${spent}`)
    .digest('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * A plain SHA-256 is enough here (no salt, no argon2): the token already carries 256 bits of
 * entropy, so nobody can guess inputs, and the lookup by hash stays one index probe.
 */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
