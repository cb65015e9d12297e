import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminSessions } from '../../db/schema/admin-sessions.ts';
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

// The session rows (docs/decisions/225): one per refresh family, keyed by its id.

export async function insertSession(
  db: DbOrTx,
  session: { id: string; adminId: string; userAgent: string | null; ip: string | null },
) {
  await db.insert(adminSessions).values(session);
}

/**
 * A refresh marks the session active. Families that began before sessions had rows get theirs
 * here, from the browser that refreshes.
 */
export async function touchSession(
  db: DbOrTx,
  session: { id: string; adminId: string; userAgent: string | null; ip: string | null },
) {
  await db
    .insert(adminSessions)
    .values(session)
    .onConflictDoUpdate({
      target: adminSessions.id,
      set: { lastActiveAt: sql`now()`, ip: session.ip },
    });
}

/**
 * An authenticated request of the session marks it active (docs/decisions/323), at most once a minute: the
 * condition keeps requests that race past the look-up's check from writing again.
 */
export async function markSessionActive(db: DbOrTx, sessionId: string) {
  await db
    .update(adminSessions)
    .set({ lastActiveAt: sql`now()` })
    .where(
      and(
        eq(adminSessions.id, sessionId),
        isNull(adminSessions.endedAt),
        lt(adminSessions.lastActiveAt, sql`now() - interval '1 minute'`),
      ),
    );
}

/** The admin proved who they are again in this session (step-up). */
export async function markSessionAuthenticated(db: DbOrTx, sessionId: string) {
  await db
    .update(adminSessions)
    .set({ authenticatedAt: sql`now()`, lastActiveAt: sql`now()` })
    .where(eq(adminSessions.id, sessionId));
}

/** Open sessions: not ended, and their family still holds a live refresh token. */
export async function listOpenSessions(db: DbOrTx, adminId: string) {
  return db
    .select({
      id: adminSessions.id,
      userAgent: adminSessions.userAgent,
      ip: adminSessions.ip,
      createdAt: adminSessions.createdAt,
      lastActiveAt: adminSessions.lastActiveAt,
    })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.endedAt),
        sql`exists (select 1 from ${refreshTokens} r where r.family_id = ${adminSessions.id}
          and r.revoked_at is null and r.expires_at > now())`,
      ),
    )
    .orderBy(desc(adminSessions.lastActiveAt), desc(adminSessions.id));
}

/**
 * Ends the admin's sessions `which` selects (one id, or every one but `keep`): their rows are
 * marked ended (their access tokens fail at the next request) and their refresh families die.
 * Returns the ids it ended.
 */
export async function endSessions(
  db: DbOrTx,
  adminId: string,
  which: { id: string } | { allBut: string | null },
): Promise<string[]> {
  const rows = await db
    .update(adminSessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.endedAt),
        'id' in which
          ? eq(adminSessions.id, which.id)
          : which.allBut
            ? ne(adminSessions.id, which.allBut)
            : undefined,
      ),
    )
    .returning({ id: adminSessions.id });
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  }
  return ids;
}

/** Revokes the admin's refresh families other than `keep` (rows or not). */
export async function revokeOtherFamilies(db: DbOrTx, adminId: string, keep: string | null) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.adminId, adminId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    );
}
