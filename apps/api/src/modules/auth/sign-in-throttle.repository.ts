import { and, asc, count, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admins } from '../../db/schema/admins.ts';
import { authFailures, throttledAttempts } from '../../db/schema/auth-failures.ts';
import { knownSignInAddresses } from '../../db/schema/known-sign-in-addresses.ts';
import { secondsUntil } from '../../db/seconds-until.ts';

// Failed sign-ins (and wrong password reset codes, which count the same way): what the sign-in
// throttle and the recovery lock are judged from (docs/decisions/014).
//
// Every time window below is computed by PostgreSQL from now(), never from the Node clock:
// all API instances share one clock, and tests move time by back-dating rows.

export type FailureKind = 'login' | 'password_change' | 'reset_code' | 'second_factor' | 'passkey';

/** The attempts whose 429s are audited once per address and window (docs/decisions/297). */
export type ThrottledKind = 'login' | 'second_factor' | 'passkey';

/** Which failures a counter counts: of an account (e-mail), of an address, or of the pair. */
export type FailureFilter = { kind: FailureKind; minutes: number } & (
  { email: string; ip?: string } | { email?: string; ip: string }
);

function keyOf(filter: FailureFilter): SQL | undefined {
  return and(
    eq(authFailures.kind, filter.kind),
    filter.email === undefined ? undefined : eq(authFailures.email, filter.email),
    filter.ip === undefined ? undefined : eq(authFailures.ip, filter.ip),
  );
}

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

export async function countFailures(db: DbOrTx, filter: FailureFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(keyOf(filter), withinMinutes(filter.minutes)));
  return Number(row?.n ?? 0);
}

/**
 * Where one failure stands among the failures `filter` counts: how many were recorded up to it
 * (by time, then id), itself included. Exactly one failure of a window holds each position, so
 * of two failures counted at once only one is the (limit + 1)-th, however their counts interleave.
 */
export async function failurePosition(
  db: DbOrTx,
  filter: FailureFilter,
  failureId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(
      and(
        keyOf(filter),
        withinMinutes(filter.minutes),
        sql`(${authFailures.createdAt}, ${authFailures.id}) <= (select created_at, id from ${authFailures} where id = ${failureId})`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Seconds until only `allowed - 1` failures remain in the window, i.e. until one more attempt
 * is let through: the failure that must age out is the (count - allowed + 1)-th oldest.
 */
export async function secondsUntilFailuresBelow(
  db: DbOrTx,
  filter: FailureFilter & { allowed: number; current: number },
): Promise<number> {
  const [row] = await db
    .select({
      seconds: secondsUntil(
        sql`${authFailures.createdAt} + make_interval(mins => ${filter.minutes})`,
      ),
    })
    .from(authFailures)
    .where(and(keyOf(filter), withinMinutes(filter.minutes)))
    .orderBy(asc(authFailures.createdAt))
    .offset(Math.max(0, filter.current - filter.allowed))
    .limit(1);
  return row?.seconds ?? 1;
}

/**
 * Whether the admin with this e-mail signed in successfully from this address within `days`
 * (docs/decisions/132). One query whether or not the e-mail has an account.
 */
export async function isKnownSignInAddress(
  db: DbOrTx,
  filter: { email: string; ip: string; days: number },
): Promise<boolean> {
  const [row] = await db
    .select({ adminId: knownSignInAddresses.adminId })
    .from(knownSignInAddresses)
    .innerJoin(admins, eq(admins.id, knownSignInAddresses.adminId))
    .where(
      and(
        sql`lower(${admins.email}) = ${filter.email.toLowerCase()}`,
        eq(knownSignInAddresses.ip, filter.ip),
        gt(knownSignInAddresses.lastSignedInAt, sql`now() - make_interval(days => ${filter.days})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records a successful sign-in from the address and forgets the admin's stale addresses. */
export async function rememberSignInAddress(
  db: DbOrTx,
  entry: { adminId: string; ip: string; forgetAfterDays: number },
) {
  await db
    .insert(knownSignInAddresses)
    .values({ adminId: entry.adminId, ip: entry.ip })
    .onConflictDoUpdate({
      target: [knownSignInAddresses.adminId, knownSignInAddresses.ip],
      set: { lastSignedInAt: sql`now()` },
    });
  await db
    .delete(knownSignInAddresses)
    .where(
      and(
        eq(knownSignInAddresses.adminId, entry.adminId),
        lt(
          knownSignInAddresses.lastSignedInAt,
          sql`now() - make_interval(days => ${entry.forgetAfterDays})`,
        ),
      ),
    );
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

/**
 * Counts an attempt refused with 429 in its address's current window (windows of `minutes`,
 * aligned on the epoch) and answers whether it is the window's first: only that one is audited
 * (docs/decisions/297). Windows older than `keepDays` are dropped.
 */
export async function countThrottledAttempt(
  db: DbOrTx,
  attempt: { kind: ThrottledKind; ip: string; minutes: number; keepDays: number },
): Promise<{ first: boolean }> {
  const seconds = attempt.minutes * 60;
  const [row] = await db
    .insert(throttledAttempts)
    .values({
      kind: attempt.kind,
      ip: attempt.ip,
      windowStart: sql`to_timestamp(floor(extract(epoch from now()) / ${seconds}) * ${seconds})`,
    })
    .onConflictDoUpdate({
      target: [throttledAttempts.kind, throttledAttempts.ip, throttledAttempts.windowStart],
      set: { count: sql`${throttledAttempts.count} + 1` },
    })
    .returning({ count: throttledAttempts.count });
  if (row?.count === 1) {
    await db
      .delete(throttledAttempts)
      .where(
        lt(throttledAttempts.windowStart, sql`now() - make_interval(days => ${attempt.keepDays})`),
      );
  }
  return { first: row?.count === 1 };
}
