import { createHash, createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Cask Admin';
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The time step of the code when it is right for now or one step either side (clock drift), else
 * null. The caller accepts it only above the last step used, so a code never works twice.
 */
export function stepOfCode(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * Ten codes of 10 characters from a 31-letter alphabet (49 bits each), shown as `xxxxx-xxxxx`.
 * Without lookalikes (0/o, 1/l/i) so they can be typed from paper.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Typed codes are compared without case, spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Marks a keyed digest; a stored value without it is a plain SHA-256 from before. */
export const RECOVERY_DIGEST_PREFIX = 'hmac1:';

/**
 * The keyed digest of a code's plain SHA-256 (docs/decisions/298): HMAC-SHA256 under the TOTP
 * key, so a database copy without the key gives nothing to try codes against. Keyed over the
 * SHA-256, so digests stored before convert at start without the codes.
 */
export function keyedRecoveryDigest(key: Buffer, sha256Hex: string): string {
  const mac = createHmac('sha256', key).update(`recovery-code:${sha256Hex}`, 'utf8');
  return RECOVERY_DIGEST_PREFIX + mac.digest('hex');
}

/** What is stored of a recovery code, and what a typed one is compared by. */
export function hashRecoveryCode(key: Buffer, code: string): string {
  const sha256 = createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');
  return keyedRecoveryDigest(key, sha256);
}
