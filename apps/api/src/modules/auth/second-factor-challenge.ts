import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** How long the second step may follow the password. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
const ISSUER = 'cask-admin';
const AUDIENCE = 'cask-admin-second-factor';

function key(secret: string) {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * What the login answers for an account with two-factor on (issue 28): a 5-minute HS256 token
 * that says "this admin gave the right password", usable only at the second step (its own
 * audience and type), never as an access token.
 */
export async function signSecondFactorChallenge(
  secret: string,
  adminId: string,
  challengeId: string,
) {
  return new SignJWT({ typ: 'second-factor' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(adminId)
    .setJti(challengeId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
    .sign(key(secret));
}

const payload = z.object({ typ: z.literal('second-factor'), sub: z.uuid(), jti: z.uuid() });

/**
 * The admin's id and the challenge's row (which says whether it is spent), or null for an
 * expired, foreign or malformed challenge.
 */
export async function verifySecondFactorChallenge(
  secret: string,
  challenge: string,
): Promise<{ adminId: string; challengeId: string } | null> {
  try {
    const verified = await jwtVerify(challenge, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const parsed = payload.safeParse(verified.payload);
    return parsed.success ? { adminId: parsed.data.sub, challengeId: parsed.data.jti } : null;
  } catch {
    return null;
  }
}
