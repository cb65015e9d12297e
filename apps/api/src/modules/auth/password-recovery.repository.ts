import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins } from '../../db/schema/admins.ts';
import { passwordResetCodes } from '../../db/schema/password-reset-codes.ts';
import { secondsUntil } from '../../db/seconds-until.ts';

// Every time window below is computed by PostgreSQL from now(), never from the Node clock:
// all API instances share one clock, and tests move time by back-dating rows.

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

/**
 * Kills every outstanding code of the address (a newer code, a lock, a completed reset), but
 * `exceptId`, the request a new code is being attached to.
 */
export async function invalidateCodesOf(db: DbOrTx, email: string, exceptId?: string) {
  await db
    .update(passwordResetCodes)
    .set({ invalidatedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetCodes.email, email),
        isNull(passwordResetCodes.invalidatedAt),
        isNull(passwordResetCodes.consumedAt),
        exceptId === undefined ? undefined : ne(passwordResetCodes.id, exceptId),
      ),
    );
}

/** Gives a recorded request its code (after the request has answered, decisions/134). */
export async function attachCode(
  db: DbOrTx,
  request: { id: string; adminId: string; codeHash: string },
) {
  await db
    .update(passwordResetCodes)
    .set({ adminId: request.adminId, codeHash: request.codeHash })
    .where(and(eq(passwordResetCodes.id, request.id), isNull(passwordResetCodes.codeHash)));
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

export async function lockResetChannel(db: DbOrTx, adminId: string, hours: number) {
  await db
    .update(admins)
    .set({ resetLockedUntil: sql`now() + make_interval(hours => ${hours})` })
    .where(eq(admins.id, adminId));
}
