import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md#configuration: JWT_SECRET defaults to a secret generated once and kept in
 * DATA_DIR, so a restart keeps everyone signed in and no secret is ever committed.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * The AES-256 key that encrypts TOTP secrets at rest (issue 28): TOTP_ENCRYPTION_KEY as 64 hex
 * characters or 44 base64 characters, else a key generated once and kept in DATA_DIR beside the
 * JWT secret. Losing it turns every admin's two-factor off in effect: back it up with the data.
 */
export function resolveTotpKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return parseKey(configured, 'TOTP_ENCRYPTION_KEY');
  const file = path.resolve(dataDir, 'totp-encryption-key');
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim(), file);
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return key;
}

function parseKey(text: string, source: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new Error(`${source} must be 32 bytes, as 64 hex characters or in base64`);
  }
  return key;
}
