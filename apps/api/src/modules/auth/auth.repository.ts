import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins } from '../../db/schema/admins.ts';
import { authFailures } from '../../db/schema/auth-failures.ts';
import { passwordResetCodes } from '../../db/schema/password-reset-codes.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { REFRESH_TOKEN_TTL_DAYS } from '../../lib/tokens.ts';

// Every time window below is computed by PostgreSQL from now(), never from the Node clock:
// all API instances share one clock, and tests move time by back-dating rows.

/** Whole seconds from now until `column`, at least 1 (for Retry-After and messages). */
const secondsUntil = (moment: unknown) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${moment} - now()))))::int`;

export type FailureKind = 'login' | 'reset_code';

export interface AdminCredentials {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string;
  isActive: boolean;
  /** Seconds left on the reset-channel lock, or null when not locked. */
  resetLockedForSeconds: number | null;
}

export async function findAdminCredentialsByEmail(
  db: DbOrTx,
  email: string,
): Promise<AdminCredentials | undefined> {
  const [row] = await db
    .select({
      id: admins.id,
      email: admins.email,
      fullName: admins.fullName,
      passwordHash: admins.passwordHash,
      isActive: admins.isActive,
      resetLockedForSeconds: sql<number | null>`case when ${admins.resetLockedUntil} > now()
        then ${secondsUntil(admins.resetLockedUntil)} end`,
    })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findAdminCredentialsById(
  db: DbOrTx,
  id: string,
): Promise<Pick<AdminCredentials, 'id' | 'email' | 'passwordHash' | 'isActive'> | undefined> {
  const [row] = await db
    .select({
      id: admins.id,
      email: admins.email,
      passwordHash: admins.passwordHash,
      isActive: admins.isActive,
    })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1);
  return row;
}

export async function findAdminProfile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: admins.id,
      fullName: admins.fullName,
      email: admins.email,
      phone: admins.phone,
      role: admins.role,
      avatar: admins.avatar,
    })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1);
  return row;
}

/** Inserts unless an admin with that e-mail (any case) exists; returns undefined then. */
export async function insertAdminIfAbsent(
  db: DbOrTx,
  values: { fullName: string; email: string; passwordHash: string },
) {
  const [row] = await db
    .insert(admins)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: admins.id, email: admins.email, fullName: admins.fullName });
  return row;
}

export async function updatePasswordHash(db: DbOrTx, adminId: string, passwordHash: string) {
  await db
    .update(admins)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(admins.id, adminId));
}

export async function lockResetChannel(db: DbOrTx, adminId: string, hours: number) {
  await db
    .update(admins)
    .set({ resetLockedUntil: sql`now() + make_interval(hours => ${hours})` })
    .where(eq(admins.id, adminId));
}

// --- failures (sign-in throttle, wrong reset codes) ---

export async function insertFailure(
  db: DbOrTx,
  failure: { kind: FailureKind; email: string; ip: string | null },
): Promise<string> {
  const [row] = await db.insert(authFailures).values(failure).returning({ id: authFailures.id });
  if (!row) throw new Error('failure insert returned nothing');
  return row.id;
}

export async function deleteFailure(db: DbOrTx, id: string) {
  await db.delete(authFailures).where(eq(authFailures.id, id));
}

export async function deleteFailuresOfEmail(db: DbOrTx, kind: FailureKind, email: string) {
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.kind, kind), eq(authFailures.email, email)));
}

const withinMinutes = (minutes: number) =>
  gt(authFailures.createdAt, sql`now() - make_interval(mins => ${minutes})`);

export async function countFailures(
  db: DbOrTx,
  filter: { kind: FailureKind; minutes: number } & ({ email: string } | { ip: string }),
): Promise<number> {
  const key =
    'email' in filter ? eq(authFailures.email, filter.email) : eq(authFailures.ip, filter.ip);
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.kind, filter.kind), key, withinMinutes(filter.minutes)));
  return Number(row?.n ?? 0);
}

/**
 * Seconds until only `allowed - 1` failures remain in the window, i.e. until one more attempt
 * is let through: the failure that must age out is the (count - allowed + 1)-th oldest.
 */
export async function secondsUntilFailuresBelow(
  db: DbOrTx,
  filter: { kind: FailureKind; minutes: number; allowed: number; current: number } & (
    { email: string } | { ip: string }
  ),
): Promise<number> {
  const key =
    'email' in filter ? eq(authFailures.email, filter.email) : eq(authFailures.ip, filter.ip);
  const [row] = await db
    .select({
      seconds: secondsUntil(
        sql`${authFailures.createdAt} + make_interval(mins => ${filter.minutes})`,
      ),
    })
    .from(authFailures)
    .where(and(eq(authFailures.kind, filter.kind), key, withinMinutes(filter.minutes)))
    .orderBy(asc(authFailures.createdAt))
    .offset(Math.max(0, filter.current - filter.allowed))
    .limit(1);
  return row?.seconds ?? 1;
}

/** Seconds until the newest failure is `minutes` old (how long a code lock still lasts). */
export async function secondsUntilNewestFailureAges(
  db: DbOrTx,
  filter: { kind: FailureKind; email: string; minutes: number },
): Promise<number> {
  const [row] = await db
    .select({
      seconds: secondsUntil(
        sql`max(${authFailures.createdAt}) + make_interval(mins => ${filter.minutes})`,
      ),
    })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.kind, filter.kind),
        eq(authFailures.email, filter.email),
        withinMinutes(filter.minutes),
      ),
    );
  return row?.seconds ?? 1;
}

/** Old failures count for nothing; dropping them keeps the table and its indexes small. */
export async function pruneFailures(db: DbOrTx, olderThanMinutes: number) {
  await db
    .delete(authFailures)
    .where(lt(authFailures.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`));
}

// --- refresh tokens ---

export async function insertRefreshToken(
  db: DbOrTx,
  token: { adminId: string; familyId: string; tokenHash: string },
) {
  await db.insert(refreshTokens).values({
    ...token,
    expiresAt: sql`now() + make_interval(days => ${REFRESH_TOKEN_TTL_DAYS})`,
  });
}

/** Locks the row so two refreshes with one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      adminId: refreshTokens.adminId,
      familyId: refreshTokens.familyId,
      rotated: sql<boolean>`${refreshTokens.rotatedAt} is not null`,
      revoked: sql<boolean>`${refreshTokens.revokedAt} is not null`,
      expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
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

// --- password reset codes ---

/**
 * Serializes every recovery step for one address across API instances (a transaction-scoped
 * advisory lock), so two requests cannot both pass the resend wait or share a code's last try.
 */
export async function lockRecoveryOf(db: DbOrTx, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'recovery:' + email}, 0))`);
}

/** Seconds left before a new code may be requested for this address (0: allowed now). */
export async function secondsUntilNextCodeAllowed(
  db: DbOrTx,
  email: string,
  waitSeconds: number,
): Promise<number> {
  const [row] = await db
    .select({
      seconds: secondsUntil(
        sql`${passwordResetCodes.createdAt} + make_interval(secs => ${waitSeconds})`,
      ),
    })
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.email, email),
        gt(passwordResetCodes.createdAt, sql`now() - make_interval(secs => ${waitSeconds})`),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  return row?.seconds ?? 0;
}

export async function insertResetRequest(
  db: DbOrTx,
  request: {
    id: string;
    email: string;
    adminId: string | null;
    codeHash: string | null;
    validMinutes: number;
  },
) {
  await db.insert(passwordResetCodes).values({
    id: request.id,
    email: request.email,
    adminId: request.adminId,
    codeHash: request.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${request.validMinutes})`,
  });
}

/** Kills every outstanding code of the address (a newer code, a lock, a completed reset). */
export async function invalidateCodesOf(db: DbOrTx, email: string) {
  await db
    .update(passwordResetCodes)
    .set({ invalidatedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetCodes.email, email),
        isNull(passwordResetCodes.invalidatedAt),
        isNull(passwordResetCodes.consumedAt),
      ),
    );
}

/** The address's newest code that is neither consumed nor invalidated, locked for this check. */
export async function findOutstandingCodeForUpdate(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: passwordResetCodes.id,
      adminId: passwordResetCodes.adminId,
      codeHash: passwordResetCodes.codeHash,
      wrongAttempts: passwordResetCodes.wrongAttempts,
      expired: sql<boolean>`${passwordResetCodes.expiresAt} <= now()`,
    })
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.email, email),
        isNotNull(passwordResetCodes.codeHash),
        isNull(passwordResetCodes.consumedAt),
        isNull(passwordResetCodes.invalidatedAt),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function incrementWrongAttempts(db: DbOrTx, id: string) {
  await db
    .update(passwordResetCodes)
    .set({ wrongAttempts: sql`${passwordResetCodes.wrongAttempts} + 1` })
    .where(eq(passwordResetCodes.id, id));
}

/** Consumes the code only if it is still usable; false when something got there first. */
export async function consumeCode(db: DbOrTx, id: string, maxWrongAttempts: number) {
  const rows = await db
    .update(passwordResetCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetCodes.id, id),
        isNull(passwordResetCodes.consumedAt),
        isNull(passwordResetCodes.invalidatedAt),
        gt(passwordResetCodes.expiresAt, sql`now()`),
        lt(passwordResetCodes.wrongAttempts, maxWrongAttempts),
      ),
    )
    .returning({ id: passwordResetCodes.id });
  return rows.length === 1;
}

export async function pruneResetRequests(db: DbOrTx, olderThanHours: number) {
  await db
    .delete(passwordResetCodes)
    .where(
      lt(passwordResetCodes.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`),
    );
}
