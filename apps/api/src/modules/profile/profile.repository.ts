import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins } from '../../db/schema/admins.ts';

const profileColumns = {
  id: admins.id,
  fullName: admins.fullName,
  email: admins.email,
  phone: admins.phone,
  role: admins.role,
  avatar: admins.avatar,
};

export async function findProfile(db: DbOrTx, adminId: string) {
  const [row] = await db.select(profileColumns).from(admins).where(eq(admins.id, adminId)).limit(1);
  return row;
}

/** The admin's profile, row-locked so two saves of the same profile apply one after the other. */
export async function findProfileForUpdate(tx: DbOrTx, adminId: string) {
  const [row] = await tx
    .select(profileColumns)
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1)
    .for('update');
  return row;
}

export async function updateProfile(
  tx: DbOrTx,
  adminId: string,
  values: { fullName: string; phone: string | null; avatar: string | null },
) {
  const [row] = await tx
    .update(admins)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(admins.id, adminId))
    .returning(profileColumns);
  if (!row) throw new Error('profile update returned nothing');
  return row;
}
