import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  adminRecoveryCodes,
  adminTotp,
  secondFactorChallenges,
  securitySettings,
} from '../../db/schema/two-factor.ts';

// TOTP keys, recovery codes and the policy (issue 28, docs/decisions/226).

export async function findTotp(db: DbOrTx, adminId: string) {
  const [row] = await db
    .select({
      secretEncrypted: adminTotp.secretEncrypted,
      enabled: sql<boolean>`${adminTotp.enabledAt} is not null`,
      enabledAt: adminTotp.enabledAt,
    })
    .from(adminTotp)
    .where(eq(adminTotp.adminId, adminId))
    .limit(1);
  return row;
}

/** A new key waiting for its first code; replaces an earlier pending one, never an enabled one. */
export async function savePendingTotp(
  db: DbOrTx,
  adminId: string,
  secretEncrypted: string,
): Promise<boolean> {
  const rows = await db
    .insert(adminTotp)
    .values({ adminId, secretEncrypted })
    .onConflictDoUpdate({
      target: adminTotp.adminId,
      set: { secretEncrypted, createdAt: sql`now()`, lastUsedStep: null },
      setWhere: isNull(adminTotp.enabledAt),
    })
    .returning({ adminId: adminTotp.adminId });
  return rows.length > 0;
}

/**
 * Spends the time step of an accepted code: true when it is later than the last one spent (and,
 * for `enable`, turns the pending key on). False means the code was used already.
 */
export async function spendStep(
  db: DbOrTx,
  adminId: string,
  step: number,
  options: { enable: boolean },
): Promise<boolean> {
  const rows = await db
    .update(adminTotp)
    .set({
      lastUsedStep: step,
      ...(options.enable ? { enabledAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(adminTotp.adminId, adminId),
        options.enable ? isNull(adminTotp.enabledAt) : isNotNull(adminTotp.enabledAt),
        or(isNull(adminTotp.lastUsedStep), lt(adminTotp.lastUsedStep, step)),
      ),
    )
    .returning({ adminId: adminTotp.adminId });
  return rows.length > 0;
}

/** Turns TOTP off: the key and every recovery code go. Returns whether it was on. */
export async function deleteTotp(db: DbOrTx, adminId: string): Promise<boolean> {
  const rows = await db
    .delete(adminTotp)
    .where(eq(adminTotp.adminId, adminId))
    .returning({ enabledAt: adminTotp.enabledAt });
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  return rows.some((row) => row.enabledAt !== null);
}

export async function replaceRecoveryCodes(db: DbOrTx, adminId: string, hashes: string[]) {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ adminId, codeHash })));
}

/** Marks the unused code used; false when there is no such unused code. */
export async function spendRecoveryCode(
  db: DbOrTx,
  adminId: string,
  codeHash: string,
): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, adminId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

export async function readPolicy(db: DbOrTx): Promise<{ requireTwoFactor: boolean }> {
  const [row] = await db
    .select({ requireTwoFactor: securitySettings.requireTwoFactor })
    .from(securitySettings)
    .where(eq(securitySettings.id, 1))
    .limit(1);
  return { requireTwoFactor: row?.requireTwoFactor ?? false };
}

export async function savePolicy(db: DbOrTx, policy: { requireTwoFactor: boolean }) {
  await db
    .insert(securitySettings)
    .values({ id: 1, requireTwoFactor: policy.requireTwoFactor })
    .onConflictDoUpdate({
      target: securitySettings.id,
      set: { requireTwoFactor: policy.requireTwoFactor, updatedAt: sql`now()` },
    });
}

/** A new second-step challenge of the admin, alive `seconds`; expired ones are dropped. */
export async function insertChallenge(db: DbOrTx, adminId: string, seconds: number) {
  await db.delete(secondFactorChallenges).where(lt(secondFactorChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(secondFactorChallenges)
    .values({ adminId, expiresAt: sql`now() + make_interval(secs => ${seconds})` })
    .returning({ id: secondFactorChallenges.id });
  if (!row) throw new Error('challenge insert returned nothing');
  return row.id;
}

/**
 * Ends the admin's sign-ins that wait for their second step: a password given before a change or
 * reset of it opens no session afterwards, whichever code follows
 * (docs/architecture.md#authentication).
 */
export async function deleteChallengesOf(db: DbOrTx, adminId: string) {
  await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.adminId, adminId));
}

/**
 * Claims the admin's live, unspent challenge for one code: true when this call holds it. While
 * held, a second request with the same challenge finds it spent; `releaseChallenge` hands it
 * back after a wrong code, a right code leaves it spent for good (docs/decisions/295).
 */
export async function claimChallenge(
  db: DbOrTx,
  filter: { id: string; adminId: string; maxWrongCodes: number },
): Promise<boolean> {
  const rows = await db
    .update(secondFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(secondFactorChallenges.id, filter.id),
        eq(secondFactorChallenges.adminId, filter.adminId),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, sql`now()`),
        lt(secondFactorChallenges.wrongCodes, filter.maxWrongCodes),
      ),
    )
    .returning({ id: secondFactorChallenges.id });
  return rows.length > 0;
}

/** Hands a claimed challenge back, counting the wrong code that was typed against it. */
export async function releaseChallenge(db: DbOrTx, id: string, options: { wrongCode: boolean }) {
  await db
    .update(secondFactorChallenges)
    .set({
      usedAt: null,
      ...(options.wrongCode ? { wrongCodes: sql`${secondFactorChallenges.wrongCodes} + 1` } : {}),
    })
    .where(eq(secondFactorChallenges.id, id));
}

/** Every stored TOTP key, sealed, with the admin it is bound to (the start-up check). */
export async function listSealedTotpKeys(db: DbOrTx) {
  return db
    .select({ adminId: adminTotp.adminId, secretEncrypted: adminTotp.secretEncrypted })
    .from(adminTotp);
}

/** Recovery codes still stored as a plain SHA-256 (without the keyed digest's prefix). */
export async function listPlainRecoveryDigests(db: DbOrTx, keyedPrefix: string) {
  return db
    .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(sql`${adminRecoveryCodes.codeHash} not like ${keyedPrefix + '%'}`);
}

export async function setRecoveryDigest(db: DbOrTx, id: string, codeHash: string) {
  await db.update(adminRecoveryCodes).set({ codeHash }).where(eq(adminRecoveryCodes.id, id));
}
