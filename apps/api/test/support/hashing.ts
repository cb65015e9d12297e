import { createHash } from 'node:crypto';

/** The SHA-256 of `data` (text as UTF-8), in hex: how the app stores a file's or a code's digest. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
