import { randomUUID } from 'node:crypto';
import {
  EMAIL_IS_ADMIN,
  EMAIL_IS_INVITED,
  INVITE_LINK_INVALID,
  LAST_OWNER,
  ROLE_LABELS,
  changeRoleBody,
  inviteAdminBody,
  type ChangeRoleBody,
  NOT_YOURSELF_DISABLE,
  NOT_YOURSELF_ROLE,
  type AcceptInviteBody,
  type AdminAccount,
  type AdminListParams,
  type AdminRole,
  type InviteAdminBody,
  type InviteDetails,
} from '@cask/contracts/admins';
import type { TokenPair } from '@cask/contracts/auth';
import type { Config } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PasswordHasher } from '../../lib/password.ts';
import { publicBaseUrl } from '../../lib/public-url.ts';
import { createRefreshToken, hashRefreshToken, signAccessToken } from '../../lib/tokens.ts';
import { boundedUserAgent } from '../../lib/request-context.ts';
import {
  approvalLink,
  type ApprovableAction,
  type ApprovedActor,
} from '../approvals/approvable.ts';
import { APPROVERS } from '../approvals/approvals.service.ts';
import * as repo from './admins.repository.ts';
import { inviteMail } from './invite-mail.ts';

export const ADMIN_NOT_FOUND = 'Admin not found';
export const INVITE_NOT_FOUND = 'Invite not found: it was accepted or withdrawn';
export const INVITE_MAIL_FAILED =
  'The invite was saved but its e-mail could not be sent: try Resend Invite';

/** The signed-in Owner acting (plugins/authenticate.ts), and from where. */
export interface Acting {
  admin: { id: string; fullName: string };
  ip: string;
}

function accountOf(row: NonNullable<repo.AdminRow>): AdminAccount {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    status: row.isActive ? 'active' : 'disabled',
    twoFactorEnabled: row.twoFactorEnabled,
    lastSignedInAt: row.lastSignedInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function inviteAccountOf(row: repo.InviteRow): AdminAccount {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    status: row.expired ? 'expired' : 'invited',
    twoFactorEnabled: false,
    lastSignedInAt: null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an audit row says about an invite: never its token or its hash. */
function inviteFacts(row: { fullName: string; email: string; role: AdminRole }) {
  return { fullName: row.fullName, email: row.email, role: row.role };
}

export interface AdminsServiceDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  hasher: PasswordHasher;
  jwtSecret: string;
}

/**
 * The rules every role change and disable obeys: nobody changes their own role or disables
 * themselves, and the last active Owner stays an active Owner.
 */
async function lockTarget(
  tx: DbOrTx,
  id: string,
  actorId: string,
  change: { role?: AdminRole; disable?: boolean },
) {
  if (id === actorId) {
    throw new ConflictError(change.disable ? NOT_YOURSELF_DISABLE : NOT_YOURSELF_ROLE);
  }
  const owners = await repo.lockActiveOwners(tx);
  const target = await repo.lockAdmin(tx, id);
  if (!target) throw new NotFoundError(ADMIN_NOT_FOUND);
  const losesOwner =
    owners.includes(target.id) && (change.disable === true || (change.role ?? 'owner') !== 'owner');
  if (losesOwner && owners.length <= 1) throw new ConflictError(LAST_OWNER);
  return target;
}

/**
 * PUT /admins/{id}/role in the caller's transaction: the rules of lockTarget, the new role and
 * its audit row (naming the approval it ran under, issue 45).
 */
async function changeRoleIn(
  tx: DbOrTx,
  id: string,
  role: AdminRole,
  actor: ApprovedActor,
): Promise<AdminAccount> {
  const before = await lockTarget(tx, id, actor.adminId, { role });
  const after = (await repo.updateAdminRole(tx, id, role)) ?? before;
  await writeAudit(tx, {
    adminId: actor.adminId,
    action: 'admin.role_changed',
    entity: 'admin',
    entityId: id,
    before: { role: before.role },
    after: { role: after.role, ...approvalLink(actor) },
    ip: actor.ip,
  });
  return accountOf(after);
}

/**
 * Promoting an admin to Owner as an approvable action (issue 45, decision 421): approved by
 * another Owner while the policy's 'Invite or promote an Owner' is on. Its version is the admin's
 * role and whether they are active. (Inviting an Owner is its own action, `ownerInvite` below.)
 */
export const ownerPromotion: ApprovableAction<ChangeRoleBody, AdminAccount> = {
  action: 'ownerPromotion',
  entity: 'admin',
  approvers: APPROVERS.ownerPromotion,
  body: changeRoleBody,
  async needsApproval(policy, body, record) {
    if (body.role !== 'owner' || record.id === null) return false;
    if (!(await policy()).ownerInvite.on) return false;
    const target = await repo.lockAdmin(record.db, record.id);
    return target !== undefined && target.role !== 'owner';
  },
  async describe(tx, recordId, body) {
    const target = recordId === null ? undefined : await repo.lockAdmin(tx, recordId);
    if (!target) throw new NotFoundError(ADMIN_NOT_FOUND);
    return {
      version: `${target.role}:${target.isActive}`,
      record: target.fullName,
      summary: `Role: ${ROLE_LABELS[target.role]} -> ${ROLE_LABELS[body.role]}`,
      before: { role: target.role },
      after: { role: body.role },
    };
  },
  run: (db, recordId, body, actor) =>
    db.transaction((tx) => changeRoleIn(tx, recordId ?? '', body.role, actor)),
};

/** Sent after the commit: a mail is never sent for an invite that was rolled back. */
async function sendInviteMail(
  { config, mailer }: Pick<AdminsServiceDeps, 'config' | 'mailer'>,
  invite: { fullName: string; email: string; role: AdminRole },
  token: string,
  invitedBy: string,
) {
  const link = `${publicBaseUrl(config)}/accept-invite?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send(
      inviteMail({ ...invite, to: invite.email, invitedBy, link, from: config.MAIL_FROM }),
    );
  } catch {
    throw new AppError(502, INVITE_MAIL_FAILED);
  }
}

/** An invite saved: the account it answers, and its mail, sent once the invite is committed. */
export interface InviteSaved {
  account: AdminAccount;
  mail(): Promise<void>;
}

/**
 * POST /admins/invites (issue 28) as an approvable action (issue 45, decision 421): inviting an
 * Owner waits for another Owner while the policy's 'Invite or promote an Owner' is on; any other
 * invite is saved at once. The invite's row and audit row are written by `run` (on approval, in
 * the approval's transaction), and its mail leaves after the commit (`afterCommit`), as before.
 */
export function ownerInvite(
  deps: Pick<AdminsServiceDeps, 'config' | 'mailer'>,
): ApprovableAction<InviteAdminBody, InviteSaved> {
  return {
    action: 'ownerInvite',
    entity: 'admin_invite',
    approvers: APPROVERS.ownerInvite,
    body: inviteAdminBody,
    needsApproval: async (policy, body) => body.role === 'owner' && (await policy()).ownerInvite.on,
    async describe(tx, _recordId, body) {
      if (await repo.adminEmailExists(tx, body.email)) throw new ConflictError(EMAIL_IS_ADMIN);
      return {
        // Nothing to compare: an e-mail taken meanwhile is refused (409) when it runs.
        version: 'new',
        record: body.fullName,
        summary: `Invite ${body.email} as ${ROLE_LABELS[body.role]}`,
        before: {},
        after: { fullName: body.fullName, email: body.email, role: body.role },
      };
    },
    run: (db, _recordId, body, actor) =>
      db.transaction(async (tx) => {
        const link = createRefreshToken();
        if (await repo.adminEmailExists(tx, body.email)) throw new ConflictError(EMAIL_IS_ADMIN);
        const row = await repo.insertInviteIfAbsent(tx, {
          fullName: body.fullName,
          email: body.email,
          role: body.role,
          tokenHash: link.hash,
          invitedBy: actor.adminId,
        });
        if (!row) throw new ConflictError(EMAIL_IS_INVITED);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'admin.invite_sent',
          entity: 'admin_invite',
          entityId: row.id,
          after: { ...inviteFacts(row), ...approvalLink(actor) },
          ip: actor.ip,
        });
        const inviter = (await repo.lockAdmin(tx, actor.adminId))?.fullName ?? 'An Owner';
        return {
          account: inviteAccountOf(row),
          mail: () => sendInviteMail(deps, row, link.token, inviter),
        };
      }),
    afterCommit: (saved) => saved.mail(),
  };
}

/**
 * Admin accounts (issue 28, docs/architecture.md#roles): the Admins screen's list, invites, roles
 * and disabling. The routes let only Owners change anything here (docs/decisions/220, 221).
 */
export function createAdminsService(deps: AdminsServiceDeps) {
  return {
    ...createAdminAccounts(deps),
    ...createInvites(deps),
    ...createInviteAcceptance(deps),
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;

/** The list of admins and invites, and an admin's role and whether they may sign in. */
function createAdminAccounts({ database }: AdminsServiceDeps) {
  const { db } = database;
  const readAdminList = repo.createAdminList(database);

  return {
    /** GET /admins: admins and outstanding invites, newest first. */
    async list(query: AdminListParams) {
      const answer = await readAdminList(query);
      return { admins: answer.items, pagination: answer.pagination };
    },

    /** A role change without the Approvals policy (its route goes through ownerPromotion). */
    changeRole: (id: string, role: AdminRole, acting: Acting): Promise<AdminAccount> =>
      db.transaction((tx) =>
        changeRoleIn(tx, id, role, { adminId: acting.admin.id, ip: acting.ip }),
      ),

    /**
     * Disabling ends the admin's sessions (refresh tokens) and access tokens at once: the
     * authentication plugin reads `is_active` and the token version on every request.
     */
    async setActive(id: string, isActive: boolean, acting: Acting): Promise<AdminAccount> {
      return db.transaction(async (tx) => {
        const before = isActive
          ? await repo.lockAdmin(tx, id)
          : await lockTarget(tx, id, acting.admin.id, { disable: true });
        if (!before) throw new NotFoundError(ADMIN_NOT_FOUND);
        const after = (await repo.updateAdminActive(tx, id, isActive)) ?? before;
        const endedSessions = isActive ? 0 : await repo.revokeSessionsOf(tx, id);
        await writeAudit(tx, {
          adminId: acting.admin.id,
          action: isActive ? 'admin.enabled' : 'admin.disabled',
          entity: 'admin',
          entityId: id,
          before: { isActive: before.isActive },
          after: isActive ? { isActive } : { isActive, endedSessions },
          ip: acting.ip,
        });
        return accountOf(after);
      });
    },
  };
}

/** Invites sent, sent again with a new link, and withdrawn. */
function createInvites({ database, config, mailer }: AdminsServiceDeps) {
  const { db } = database;

  const sendInvite = (
    invite: { fullName: string; email: string; role: AdminRole },
    token: string,
    invitedBy: string,
  ) => sendInviteMail({ config, mailer }, invite, token, invitedBy);

  return {
    /** A new link valid 72 hours from now; the earlier one stops working. */
    async resendInvite(id: string, acting: Acting): Promise<AdminAccount> {
      const link = createRefreshToken();
      const invite = await db.transaction(async (tx) => {
        const before = await repo.lockInvite(tx, id);
        if (!before) throw new NotFoundError(INVITE_NOT_FOUND);
        const row = await repo.renewInvite(tx, id, link.hash);
        if (!row) throw new NotFoundError(INVITE_NOT_FOUND);
        await writeAudit(tx, {
          adminId: acting.admin.id,
          action: 'admin.invite_resent',
          entity: 'admin_invite',
          entityId: id,
          before: { expired: before.expired },
          after: inviteFacts(row),
          ip: acting.ip,
        });
        return row;
      });
      await sendInvite(invite, link.token, acting.admin.fullName);
      return inviteAccountOf(invite);
    },

    async withdrawInvite(id: string, acting: Acting): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const invite = await repo.lockInvite(tx, id);
        if (!invite || !(await repo.deleteInvite(tx, id)))
          throw new NotFoundError(INVITE_NOT_FOUND);
        await writeAudit(tx, {
          adminId: acting.admin.id,
          action: 'admin.invite_withdrawn',
          entity: 'admin_invite',
          entityId: id,
          before: inviteFacts(invite),
          ip: acting.ip,
        });
        return { id };
      });
    },
  };
}

/** The invitee's side: the invite a link opens, and its acceptance, which signs them in. */
function createInviteAcceptance({ database, hasher, jwtSecret }: AdminsServiceDeps) {
  const { db } = database;

  return {
    /**
     * GET /auth/accept-invite: the invite a link opens, checked when the page opens (docs/decisions/322),
     * so a spent, withdrawn or expired link is said at once instead of after a password.
     */
    async inviteDetails(token: string): Promise<InviteDetails> {
      const row = await repo.findInviteDetails(db, hashRefreshToken(token));
      if (!row) throw new NotFoundError(INVITE_LINK_INVALID);
      return row;
    },

    /**
     * POST /auth/accept-invite: the link's token opens its invite once, within 72 hours; the
     * invitee becomes an admin with the role invited as, and is signed in.
     */
    async acceptInvite(
      body: AcceptInviteBody,
      caller: { ip: string; headers: { 'user-agent'?: string | undefined } },
    ): Promise<{ tokens: TokenPair; email: string }> {
      const tokenHash = hashRefreshToken(body.token);
      // Checked before the password is hashed, so a wrong link costs no argon2 work.
      if (!(await repo.findValidInvite(db, tokenHash))) {
        throw new BadRequestError(INVITE_LINK_INVALID, [
          { field: 'token', message: INVITE_LINK_INVALID },
        ]);
      }
      await refuseCommonPassword(body.password, 'password');
      const passwordHash = await hasher.hash(body.password);
      const refresh = createRefreshToken();
      const admin = await db.transaction(async (tx) => {
        const invite = await repo.spendInvite(tx, tokenHash);
        if (!invite) {
          throw new BadRequestError(INVITE_LINK_INVALID, [
            { field: 'token', message: INVITE_LINK_INVALID },
          ]);
        }
        const created = await repo.insertAdminIfAbsent(tx, {
          fullName: invite.fullName,
          email: invite.email,
          role: invite.role,
          passwordHash,
        });
        if (!created) throw new ConflictError(EMAIL_IS_ADMIN);
        await writeAudit(tx, {
          adminId: created.id,
          action: 'admin.invite_accepted',
          entity: 'admin',
          entityId: created.id,
          after: { ...inviteFacts(invite), inviteId: invite.id, invitedBy: invite.invitedBy },
          ip: caller.ip,
        });
        const familyId = randomUUID();
        await repo.insertSession(tx, {
          adminId: created.id,
          familyId,
          tokenHash: refresh.hash,
          userAgent: boundedUserAgent(caller.headers['user-agent']),
          ip: caller.ip,
        });
        await writeAudit(tx, {
          adminId: created.id,
          action: 'auth.signed_in',
          entity: 'admin',
          entityId: created.id,
          after: { email: invite.email, via: 'invite' },
          ip: caller.ip,
        });
        return { ...created, email: invite.email, sessionId: familyId };
      });
      const accessToken = await signAccessToken(jwtSecret, {
        adminId: admin.id,
        tokenVersion: admin.tokenVersion,
        sessionId: admin.sessionId,
      });
      return { tokens: { accessToken, refreshToken: refresh.token }, email: admin.email };
    },
  };
}
