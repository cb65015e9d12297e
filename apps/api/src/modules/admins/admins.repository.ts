import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminAccount, AdminListParams, AdminRole } from '@cask/contracts/admins';
import { INVITE_VALID_HOURS } from '@cask/contracts/admins';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createList, windowSql } from '../../db/list.ts';
import { isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { adminInvites, ADMIN_INVITE_COUNTERS } from '../../db/schema/admin-invites.ts';
import { adminSessions } from '../../db/schema/admin-sessions.ts';
import { admins, ADMIN_COUNTERS } from '../../db/schema/admins.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { adminTotp } from '../../db/schema/two-factor.ts';
import { secondsUntil } from '../../db/seconds-until.ts';
import { REFRESH_TOKEN_TTL_DAYS } from '../../lib/tokens.ts';

/**
 * The one repository of the admins' rows (issue 42): the Admins screen and invites (this module's
 * service) and sign-in, tokens and the request's look-up (the auth module and
 * plugins/authenticate.ts).
 */

/** Whether the admin (of the row `admins`) has TOTP on: a key that took its first code. */
const TWO_FACTOR_ON: SQL<boolean> = sql`exists (select 1 from ${adminTotp}
  where ${adminTotp.adminId} = ${admins.id} and ${adminTotp.enabledAt} is not null)`;

/**
 * The Admins screen's rows (docs/adding-a-list.md): the admins and the outstanding invites, as one
 * newest-first list. An invite past its 72 hours stays listed, as 'expired', until it is resent
 * or withdrawn.
 */
const ROWS = sql`(select id, full_name, email, role,
    case when is_active then 'active' else 'disabled' end as status,
    ${TWO_FACTOR_ON} as two_factor_enabled, last_signed_in_at, created_at from admins
  union all select id, full_name, email, role,
    case when expires_at > now() then 'invited' else 'expired' end,
    false, null::timestamptz, created_at from admin_invites) a`;

export function createAdminList(database: Database) {
  const read = createList<AdminAccount>(database, {
    counters: [ADMIN_COUNTERS.total, ADMIN_INVITE_COUNTERS.total],
    sorts: { createdAt: 'created_at' },
    item: jsonObject<AdminAccount>({
      id: sql`p.id`,
      fullName: sql`p.full_name`,
      email: sql`p.email`,
      role: sql`p.role`,
      status: sql`p.status`,
      twoFactorEnabled: sql`p.two_factor_enabled`,
      lastSignedInAt: isoTimeSql(sql`p.last_signed_in_at`),
      createdAt: isoTimeSql(sql`p.created_at`),
    }),
  });
  return (query: AdminListParams) =>
    read({
      page: query.page,
      limit: query.limit,
      key: 'admins',
      listTotal: (counter) => counter(ADMIN_COUNTERS.total) + counter(ADMIN_INVITE_COUNTERS.total),
      pageSql: (window) =>
        windowSql({ table: ROWS, alias: 'a', columns: '*', where: sql`true` }, window),
    });
}

const accountColumns = {
  id: admins.id,
  fullName: admins.fullName,
  email: admins.email,
  role: admins.role,
  isActive: admins.isActive,
  twoFactorEnabled: TWO_FACTOR_ON,
  lastSignedInAt: admins.lastSignedInAt,
  createdAt: admins.createdAt,
};

export type AdminRow = Awaited<ReturnType<typeof lockAdmin>>;

/** The admin's row, locked until the transaction ends; undefined for an unknown id. */
export async function lockAdmin(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select(accountColumns)
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The active Owners' ids, locked: two Owners demoting each other at once are served one after
 * the other, so the second sees the first's change and the last Owner always stays.
 */
export async function lockActiveOwners(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.isActive, true)))
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateAdminRole(tx: DbOrTx, id: string, role: AdminRole) {
  const [row] = await tx
    .update(admins)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(admins.id, id))
    .returning(accountColumns);
  return row;
}

/**
 * Disabling also raises the token version, so the access tokens issued before stop at once and
 * stay dead after a re-enable (docs/decisions/131).
 */
export async function updateAdminActive(tx: DbOrTx, id: string, isActive: boolean) {
  const [row] = await tx
    .update(admins)
    .set({
      isActive,
      updatedAt: sql`now()`,
      ...(isActive ? {} : { tokenVersion: sql`${admins.tokenVersion} + 1` }),
    })
    .where(eq(admins.id, id))
    .returning(accountColumns);
  return row;
}

/** Ends every session of the admin; returns how many refresh tokens were live. */
export async function revokeSessionsOf(tx: DbOrTx, adminId: string): Promise<number> {
  const rows = await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.adminId, adminId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

export async function adminEmailExists(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

const inviteColumns = {
  id: adminInvites.id,
  fullName: adminInvites.fullName,
  email: adminInvites.email,
  role: adminInvites.role,
  expired: sql<boolean>`${adminInvites.expiresAt} <= now()`,
  createdAt: adminInvites.createdAt,
};

export type InviteRow = NonNullable<Awaited<ReturnType<typeof lockInvite>>>;

const validUntil = sql`now() + make_interval(hours => ${INVITE_VALID_HOURS})`;

/** Inserts unless an invite to that e-mail (any case) is outstanding; undefined then. */
export async function insertInviteIfAbsent(
  tx: DbOrTx,
  values: {
    fullName: string;
    email: string;
    role: AdminRole;
    tokenHash: string;
    invitedBy: string;
  },
) {
  const [row] = await tx
    .insert(adminInvites)
    .values({ ...values, expiresAt: validUntil })
    .onConflictDoNothing()
    .returning(inviteColumns);
  return row;
}

export async function lockInvite(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select(inviteColumns)
    .from(adminInvites)
    .where(eq(adminInvites.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** A new link: the earlier token's hash is replaced, so its link finds nothing any more. */
export async function renewInvite(tx: DbOrTx, id: string, tokenHash: string) {
  const [row] = await tx
    .update(adminInvites)
    .set({ tokenHash, expiresAt: validUntil, sentAt: sql`now()` })
    .where(eq(adminInvites.id, id))
    .returning(inviteColumns);
  return row;
}

export async function deleteInvite(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(adminInvites)
    .where(eq(adminInvites.id, id))
    .returning({ id: adminInvites.id });
  return rows.length > 0;
}

/** The invite a link's token opens while it is valid (not used, withdrawn, resent or expired). */
export async function findValidInvite(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(inviteColumns)
    .from(adminInvites)
    .where(and(eq(adminInvites.tokenHash, tokenHash), gt(adminInvites.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** What the Accept Invite page shows of a valid link's invite, with the inviter's name. */
export async function findInviteDetails(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      fullName: adminInvites.fullName,
      email: adminInvites.email,
      role: adminInvites.role,
      invitedBy: admins.fullName,
    })
    .from(adminInvites)
    .leftJoin(admins, eq(admins.id, adminInvites.invitedBy))
    .where(and(eq(adminInvites.tokenHash, tokenHash), gt(adminInvites.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Spends the invite: deleted, so its link works once. Undefined when it is no longer valid. */
export async function spendInvite(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx
    .delete(adminInvites)
    .where(and(eq(adminInvites.tokenHash, tokenHash), gt(adminInvites.expiresAt, sql`now()`)))
    .returning({
      id: adminInvites.id,
      fullName: adminInvites.fullName,
      email: adminInvites.email,
      role: adminInvites.role,
      invitedBy: adminInvites.invitedBy,
    });
  return row;
}

/** Inserts unless an admin with that e-mail (any case) exists; returns undefined then. */
export async function insertAdminIfAbsent(
  tx: DbOrTx,
  values: { fullName: string; email: string; role: AdminRole; passwordHash: string },
) {
  const [row] = await tx.insert(admins).values(values).onConflictDoNothing().returning({
    id: admins.id,
    email: admins.email,
    fullName: admins.fullName,
    tokenVersion: admins.tokenVersion,
  });
  return row;
}

/**
 * A new session for the admin who just accepted their invite: its row (docs/decisions/225, keyed
 * by the refresh family, listed on the Security screen) and the family's first refresh token.
 */
export async function insertSession(
  tx: DbOrTx,
  session: {
    adminId: string;
    familyId: string;
    tokenHash: string;
    userAgent: string | null;
    ip: string;
  },
) {
  const { adminId, familyId, tokenHash, userAgent, ip } = session;
  await tx.insert(adminSessions).values({ id: familyId, adminId, userAgent, ip });
  await tx.insert(refreshTokens).values({
    adminId,
    familyId,
    tokenHash,
    expiresAt: sql`now() + make_interval(days => ${REFRESH_TOKEN_TTL_DAYS})`,
  });
}

export interface AdminCredentials {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string;
  isActive: boolean;
  /** What access tokens carry as `ver` (docs/decisions/131). */
  tokenVersion: number;
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
      tokenVersion: admins.tokenVersion,
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
): Promise<
  Pick<AdminCredentials, 'id' | 'email' | 'passwordHash' | 'isActive' | 'tokenVersion'> | undefined
> {
  const [row] = await db
    .select({
      id: admins.id,
      email: admins.email,
      passwordHash: admins.passwordHash,
      isActive: admins.isActive,
      tokenVersion: admins.tokenVersion,
    })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1);
  return row;
}

export async function updatePasswordHash(db: DbOrTx, adminId: string, passwordHash: string) {
  await db
    .update(admins)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(admins.id, adminId));
}

/**
 * Ends every access token of the admin issued so far (logout, password change or reset, a
 * detected refresh token reuse); returns the version new tokens must carry.
 */
export async function endAccessTokensOf(db: DbOrTx, adminId: string): Promise<number> {
  const [row] = await db
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, adminId))
    .returning({ tokenVersion: admins.tokenVersion });
  return row?.tokenVersion ?? 0;
}

/** The admin's row as plugins/authenticate.ts checks it. */
export interface AdminForRequest {
  id: string;
  email: string;
  fullName: string;
  isActive: boolean;
  tokenVersion: number;
  role: AdminRole;
  /** The token's session exists and has not ended (false when the token names none). */
  sessionLive: boolean;
  /** Seconds since the admin last proved who they are in this session; null without one. */
  authenticatedSecondsAgo: number | null;
  /**
   * The session's `last_active_at` is more than a minute old: this request records it as active
   * (issue 41; at most one write a minute per session, plugins/authenticate.ts).
   */
  sessionIdle: boolean;
  /** TOTP is on for the admin. */
  hasSecondFactor: boolean;
  /** The policy requires a second factor of every admin. */
  twoFactorRequired: boolean;
}

// Primary-key and single-row probes only: the admin, the token's session, the admin's TOTP row
// and the one-row policy (docs/decisions/225).
export const adminForRequestSql = (id: string, sessionId: string | null) =>
  sql`select a.id::text, a.email, a.full_name, a.is_active, a.token_version, a.role,
    coalesce(s.ended_at is null and s.id is not null, false),
    extract(epoch from now() - s.authenticated_at)::int,
    coalesce(s.ended_at is null and s.last_active_at < now() - interval '1 minute', false),
    exists (select 1 from admin_totp t where t.admin_id = a.id and t.enabled_at is not null),
    coalesce((select p.require_two_factor from security_settings p where p.id = 1), false)
  from admins a
  left join admin_sessions s on s.id = ${sessionId}::uuid and s.admin_id = a.id
  where a.id = ${id} limit 1`;

/**
 * The look-up plugins/authenticate.ts runs before every authenticated request. A named statement,
 * planned once per connection (its plan is the primary-key probe whatever the id,
 * docs/decisions/064).
 */
export function prepareAdminLookup(database: Pick<Database, 'readRows'>) {
  return async (id: string, sessionId: string | null): Promise<AdminForRequest | undefined> => {
    const [row] = await database.readRows(adminForRequestSql(id, sessionId), { prepared: true });
    if (!row) return undefined;
    const [
      adminId,
      email,
      fullName,
      isActive,
      tokenVersion,
      role,
      sessionLive,
      authenticatedSecondsAgo,
      sessionIdle,
      hasSecondFactor,
      twoFactorRequired,
    ] = row as [
      string,
      string,
      string,
      boolean,
      number,
      AdminRole,
      boolean,
      number | null,
      boolean,
      boolean,
      boolean,
    ];
    return {
      id: adminId,
      email,
      fullName,
      isActive,
      tokenVersion,
      role,
      sessionLive,
      authenticatedSecondsAgo,
      sessionIdle,
      hasSecondFactor,
      twoFactorRequired,
    };
  };
}
