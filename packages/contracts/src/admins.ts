import { z } from 'zod';
import { emailField, FULL_NAME_MAX, newPassword, tokenPair } from './auth.ts';
import { line, okEnvelope, pageQuery, pagination, text } from './common.ts';
import { defineList } from './lists.ts';
import { approvalReason } from './approval-request.ts';

/**
 * docs/architecture.md#roles (docs/decisions/220): an Owner does everything and manages admins, an
 * Admin does what the spec allows, a Viewer reads and exports and changes nothing.
 */
export const ADMIN_ROLES = ['owner', 'admin', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** The roles' labels, in ./plain.ts: the Audit Log draws them without zod (decision 450). */
export { ROLE_LABELS } from './plain.ts';

export const ROLE_INVALID = 'Role must be Owner, Admin or Viewer';
export const adminRole = z.enum(ADMIN_ROLES, { error: ROLE_INVALID });

/** What the API answers a Viewer's change and a non-Owner's admin management with (403). */
export const VIEWER_READ_ONLY = 'Forbidden: a Viewer can read and export but not make changes';
export const OWNER_ONLY = 'Forbidden: only an Owner can manage admins';

export const LAST_OWNER =
  'The last active Owner cannot be demoted or disabled: make another admin an Owner first';
export const NOT_YOURSELF_ROLE = 'You cannot change your own role';
export const NOT_YOURSELF_DISABLE = 'You cannot disable yourself';
export const EMAIL_IS_ADMIN = 'An admin with this email already exists';
export const EMAIL_IS_INVITED = 'This email has a pending invite: resend or withdraw it';
export const INVITE_LINK_INVALID =
  'This invite link is invalid, expired or already used. Ask an Owner to send a new one.';

/** How long an invite's link works (issue 28). */
export const INVITE_VALID_HOURS = 72;

/**
 * A row of the Admins screen: an admin (`active` or `disabled`) or an outstanding invite
 * (`invited`, or `expired` once its link is past its 72 hours).
 */
export const ADMIN_STATUSES = ['active', 'disabled', 'invited', 'expired'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const adminAccount = z.object({
  /** The admin's id, or the invite's for `invited` and `expired`. */
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  role: adminRole,
  status: z.enum(ADMIN_STATUSES),
  /** TOTP is on (the 'Two-factor' column); false for an invite. */
  twoFactorEnabled: z.boolean(),
  lastSignedInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

/** GET /admins: newest first, 10 a page. */
export const adminListQuery = pageQuery;
export type AdminListQuery = z.input<typeof adminListQuery>;
export type AdminListParams = z.output<typeof adminListQuery>;
export const adminListResponse = okEnvelope(
  z.object({ admins: z.array(adminAccount), pagination }),
);
export type AdminListResponse = z.infer<typeof adminListResponse>;

/** POST /admins/invites: the 'Invite Admin' dialog. */
export const inviteAdminBody = z.object({
  fullName: line({ error: 'Name is required' })
    .min(1, 'Name is required')
    .max(FULL_NAME_MAX, `Name must be at most ${FULL_NAME_MAX} characters`),
  email: emailField('Invalid Email'),
  role: adminRole,
  /** Required when the Approvals policy sends an Owner's invite for approval (issue 45). */
  reason: approvalReason,
});
export type InviteAdminInput = z.input<typeof inviteAdminBody>;
export type InviteAdminBody = z.output<typeof inviteAdminBody>;

/** PUT /admins/{id}/role. */
export const changeRoleBody = z.object({
  role: adminRole,
  /** Required when the Approvals policy sends a promotion to Owner for approval (issue 45). */
  reason: approvalReason,
});
export type ChangeRoleBody = z.output<typeof changeRoleBody>;

/** Every change on the Admins screen answers the row as it is now. */
export const adminAccountResponse = okEnvelope(z.object({ admin: adminAccount }));
export type AdminAccountResponse = z.infer<typeof adminAccountResponse>;

/** DELETE /admins/invites/{id}. */
export const withdrawInviteResponse = okEnvelope(z.object({ id: z.uuid() }));

/**
 * POST /auth/accept-invite (public: the link's token is the proof). The invitee sets a password
 * with the rules of every other password and is signed in: the answer is a sign-in's.
 */
const inviteToken = text({ error: 'The invite link is incomplete' })
  .min(1, 'The invite link is incomplete')
  .max(200, 'The invite link is incomplete');

export const acceptInviteBody = z.object({ token: inviteToken, password: newPassword });
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;
export const acceptInviteResponse = okEnvelope(tokenPair);

/**
 * GET /auth/accept-invite?token=... (public, docs/decisions/322): what the Accept Invite page says before
 * it offers the form: whose account it sets up, in which role, and who invited them (null when
 * that admin is gone). A link that no longer opens an invite answers 404 INVITE_LINK_INVALID and
 * nothing else.
 */
export const inviteDetailsQuery = z.object({ token: inviteToken });
export const inviteDetails = z.object({
  fullName: z.string(),
  email: z.string(),
  role: adminRole,
  invitedBy: z.string().nullable(),
});
export type InviteDetails = z.infer<typeof inviteDetails>;
export const inviteDetailsResponse = okEnvelope(inviteDetails);
export type InviteDetailsResponse = z.infer<typeof inviteDetailsResponse>;

/** The Admins screen: its route, query and answer, for the API and the web app (lists.ts). */
export const adminListDefinition = defineList({
  path: '/admins',
  query: adminListQuery,
  response: adminListResponse,
});
