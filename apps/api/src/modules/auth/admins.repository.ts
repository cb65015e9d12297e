import { eq, sql } from 'drizzle-orm';
import type { AdminRole } from '@cask/contracts/admins';
import type { Database, DbOrTx } from '../../db/client.ts';
import { admins } from '../../db/schema/admins.ts';
import { secondsUntil } from '../../db/seconds-until.ts';

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

/** Inserts unless an admin with that e-mail (any case) exists; returns undefined then. */
export async function insertAdminIfAbsent(
  db: DbOrTx,
  values: { fullName: string; email: string; passwordHash: string; role: AdminRole },
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
const ADMIN_FOR_REQUEST = `select a.id::text, a.email, a.full_name, a.is_active, a.token_version, a.role,
    coalesce(s.ended_at is null and s.id is not null, false),
    extract(epoch from now() - s.authenticated_at)::int,
    coalesce(s.ended_at is null and s.last_active_at < now() - interval '1 minute', false),
    exists (select 1 from admin_totp t where t.admin_id = a.id and t.enabled_at is not null),
    coalesce((select p.require_two_factor from security_settings p where p.id = 1), false)
  from admins a
  left join admin_sessions s on s.id = $2::uuid and s.admin_id = a.id
  where a.id = $1 limit 1`;

/**
 * The look-up plugins/authenticate.ts runs before every authenticated request. A named statement,
 * planned once per connection (its plan is the primary-key probe whatever the id,
 * docs/decisions/064).
 */
export function prepareAdminLookup(database: Pick<Database, 'readRows'>) {
  return async (id: string, sessionId: string | null): Promise<AdminForRequest | undefined> => {
    const [row] = await database.readRows(ADMIN_FOR_REQUEST, [id, sessionId], { prepared: true });
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
