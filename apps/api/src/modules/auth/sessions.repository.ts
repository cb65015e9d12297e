import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { REFRESH_TOKEN_TTL_DAYS } from '../../lib/tokens.ts';

// Sessions are refresh-token families (docs/decisions/010).

export async function insertRefreshToken(
  db: DbOrTx,
  token: { adminId: string; familyId: string; tokenHash: string },
) {
  await db.insert(refreshTokens).values({
    ...token,
    expiresAt: sql`now() + make_interval(days => ${REFRESH_TOKEN_TTL_DAYS})`,
  });
}

/**
 * Locks the row so two refreshes with one token cannot both rotate it. `withinGrace`: rotated no
 * longer than `graceSeconds` ago (docs/decisions/130).
 */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string, graceSeconds = 0) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      adminId: refreshTokens.adminId,
      familyId: refreshTokens.familyId,
      rotated: sql<boolean>`${refreshTokens.rotatedAt} is not null`,
      withinGrace: sql<boolean>`coalesce(${refreshTokens.rotatedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
      revoked: sql<boolean>`${refreshTokens.revokedAt} is not null`,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

/** Whether the token is the live, unspent head of the family. */
export async function isCurrentTokenOfFamily(
  db: DbOrTx,
  tokenHash: string,
  familyId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function markRefreshTokenRotated(db: DbOrTx, id: string) {
  await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

/** Revokes every live token of the family; returns how many were still live. */
export async function revokeRefreshTokenFamily(db: DbOrTx, familyId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

export async function revokeAllRefreshTokensOfAdmin(db: DbOrTx, adminId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.adminId, adminId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/**
 * Drops an admin's dead tokens. Spent (rotated) tokens of live families are kept until they
 * expire: they are what detects a replayed token.
 */
export async function pruneRefreshTokensOfAdmin(db: DbOrTx, adminId: string) {
  await db
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.adminId, adminId),
        or(
          lt(refreshTokens.expiresAt, sql`now()`),
          lt(refreshTokens.revokedAt, sql`now() - interval '30 days'`),
        ),
      ),
    );
}
