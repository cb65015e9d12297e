import type { Db } from '../../db/client.ts';
import { open as openSealed } from '../../lib/secret-box.ts';
import { keyedRecoveryDigest, RECOVERY_DIGEST_PREFIX } from '../../lib/totp.ts';
import * as twoFactor from './two-factor.repository.ts';

/**
 * Run at start, after the migrations (docs/decisions/299): refuses a TOTP_ENCRYPTION_KEY that
 * does not open the stored TOTP keys (else every sign-in with two-factor would answer 500), then
 * converts recovery codes stored as a plain SHA-256 to the keyed digest (docs/decisions/298).
 * Returns how many codes it converted.
 */
export async function prepareTwoFactorKeys(db: Db, key: Buffer): Promise<{ converted: number }> {
  const sealed = await twoFactor.listSealedTotpKeys(db);
  const unreadable = sealed.filter((row) => {
    try {
      openSealed(key, row.secretEncrypted, row.adminId);
      return false;
    } catch {
      return true;
    }
  });
  if (unreadable.length > 0) {
    throw new Error(
      `TOTP_ENCRYPTION_KEY does not open the two-factor keys of ${unreadable.length} of ` +
        `${sealed.length} admins: start with the key they were encrypted with (the value set ` +
        'before, or the DATA_DIR/totp-encryption-key file). If that key is lost, see README ' +
        '"Security" -> "Two-factor authentication" for resetting every admin\'s two-factor.',
    );
  }
  const plain = await twoFactor.listPlainRecoveryDigests(db, RECOVERY_DIGEST_PREFIX);
  await db.transaction(async (tx) => {
    for (const row of plain) {
      await twoFactor.setRecoveryDigest(tx, row.id, keyedRecoveryDigest(key, row.codeHash));
    }
  });
  return { converted: plain.length };
}
