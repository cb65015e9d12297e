import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminPasskeys, webauthnChallenges } from '../../db/schema/passkeys.ts';

// Passkeys and their single-use challenges (docs/decisions/229).

export type CeremonyKind = 'registration' | 'authentication' | 'reauthentication';

export async function insertChallenge(
  db: DbOrTx,
  values: { kind: CeremonyKind; challenge: string; adminId: string | null; minutes: number },
): Promise<string> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      kind: values.kind,
      challenge: values.challenge,
      adminId: values.adminId,
      expiresAt: sql`now() + make_interval(mins => ${values.minutes})`,
    })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge insert returned nothing');
  return row.id;
}

/** Deletes and returns the live challenge (single use); undefined when there is none. */
export async function takeChallenge(
  db: DbOrTx,
  id: string,
  kind: CeremonyKind,
  adminId: string | null,
): Promise<string | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.kind, kind),
        gt(webauthnChallenges.expiresAt, sql`now()`),
        adminId ? eq(webauthnChallenges.adminId, adminId) : undefined,
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge;
}

export async function listPasskeys(db: DbOrTx, adminId: string) {
  return db
    .select({ id: adminPasskeys.id, name: adminPasskeys.name, createdAt: adminPasskeys.createdAt })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .orderBy(desc(adminPasskeys.createdAt), desc(adminPasskeys.id));
}

export async function credentialsOf(db: DbOrTx, adminId: string) {
  return db
    .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId));
}

export async function findByCredentialId(db: DbOrTx, credentialId: string) {
  const [row] = await db
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/** Inserts unless the credential is registered already (then undefined). */
export async function insertPasskey(
  db: DbOrTx,
  values: {
    adminId: string;
    name: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[] | null;
  },
) {
  const [row] = await db.insert(adminPasskeys).values(values).onConflictDoNothing().returning({
    id: adminPasskeys.id,
    name: adminPasskeys.name,
    createdAt: adminPasskeys.createdAt,
  });
  return row;
}

export async function deletePasskey(db: DbOrTx, adminId: string, id: string) {
  const [row] = await db
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminId, adminId)))
    .returning({ name: adminPasskeys.name });
  return row;
}

/** Removes every passkey of the admin; returns what was removed. */
export async function deletePasskeysOf(db: DbOrTx, adminId: string) {
  return db
    .delete(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .returning({ id: adminPasskeys.id, name: adminPasskeys.name });
}

export async function markPasskeyUsed(db: DbOrTx, id: string, counter: number) {
  await db
    .update(adminPasskeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(eq(adminPasskeys.id, id));
}
