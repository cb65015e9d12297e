import { z } from 'zod';
import { instantParam, okEnvelope, pageQuery, pagination, text } from './common.ts';
import { searchParam } from './users.ts';

/**
 * Issue 29: the Audit Log (`/audit`), each record's History, and what the Record type filter
 * offers. A record type is a filter over the entries' `entity` (and, for points, the action):
 * orders are `purchase` rows, the privacy policy `terms` rows, points the `points.*` actions.
 */
export const AUDIT_RECORD_TYPES = [
  'customer',
  'cask',
  'offer',
  'order',
  'referral',
  'notification',
  'privacy-policy',
  'points',
  'admin',
  'session',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** The Record type select's labels, as issue 29 names them. */
export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  customer: 'Customer',
  cask: 'Cask',
  offer: 'Offer',
  order: 'Order',
  referral: 'Referral',
  notification: 'Notification',
  'privacy-policy': 'Privacy policy',
  points: 'Points',
  admin: 'Admin',
  session: 'Session',
};

/**
 * The actions the API writes, with the Action select's labels. An action not listed (one added
 * later) is still shown and filtered by, under its own name.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.logout': 'Signed out',
  'auth.refresh_token_reused': 'Session ended: token reused',
  'auth.password_changed': 'Password changed',
  'auth.reset_code_sent': 'Reset code sent',
  'auth.reset_locked': 'Password reset locked',
  'auth.password_reset': 'Password reset',
  'admin.created': 'Admin created',
  'admin.profile_updated': 'Profile updated',
  'user.updated': 'Customer updated',
  'user.deleted': 'Customer deleted',
  'user.restored': 'Customer restored',
  'points.adjusted': 'Points adjusted',
  'cask.created': 'Cask added',
  'cask.updated': 'Cask updated',
  'cask.deleted': 'Cask deleted',
  'cask.restored': 'Cask restored',
  'offer.created': 'Offer added',
  'offer.updated': 'Offer updated',
  'offer.retired': 'Offer retired',
  'offer.deleted': 'Offer deleted',
  'offer.restored': 'Offer restored',
  'order.updated': 'Order updated',
  'order.deleted': 'Order deleted',
  'order.restored': 'Order restored',
  'referral.status_changed': 'Referral status changed',
  'notification.created': 'Notification sent',
  'notification.read': 'Notification read',
  'notification.unread': 'Notification unread',
  'notification.all_read': 'All notifications read',
  'terms.updated': 'Privacy policy saved',
  'file.uploaded': 'Image uploaded',
  'file.deleted': 'Image deleted',
  'list.exported': 'List exported',
  'seed.demo': 'Demo data loaded',
  'seed.bulk': 'Bulk data loaded',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_ACTION_INVALID = 'Action must look like record.verb';
export const AUDIT_TIME_INVALID = 'Must be a date and time in ISO 8601 with its offset';

const instant = instantParam(AUDIT_TIME_INVALID).optional();

/** The Audit Log's filters (the list's and its export's), each optional; they combine. */
export const auditFilters = z.object({
  /** Record id or name. */
  search: searchParam,
  /** The admin who acted. */
  admin: z.uuid().optional(),
  action: text()
    .max(60)
    .regex(/^[a-z_]+\.[a-z_]+$/, AUDIT_ACTION_INVALID)
    .optional(),
  recordType: z.enum(AUDIT_RECORD_TYPES).optional(),
  /** One record's entries: its History (with recordType). */
  recordId: text().trim().min(1).max(100).optional(),
  /** From this instant on (the start of the From day in the admin's time zone). */
  from: instant,
  /** Before this instant (the end of the To day). */
  to: instant,
});
export const auditListQuery = pageQuery.extend({
  ...auditFilters.shape,
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
export type AuditListParams = z.output<typeof auditListQuery>;
export type AuditFilters = z.output<typeof auditFilters>;

export const auditAdmin = z.object({ id: z.uuid(), fullName: z.string(), email: z.string() });
export type AuditAdmin = z.infer<typeof auditAdmin>;

/** One entry. `before`/`after` are as written (never a secret, db/audit.ts). */
export const auditEntry = z.object({
  id: z.uuid(),
  /** ISO 8601 (UTC). */
  time: z.string(),
  /** Who did it; null for anonymous actions (a reset by code, a failed sign-in of no account). */
  adminId: z.string().nullable(),
  /** The admin's current name and e-mail; null when there is none or it is gone. */
  admin: auditAdmin.nullable(),
  action: z.string(),
  entity: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  /** The record's current name (a customer's, a cask's...), when it still exists. */
  recordName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListResponse = okEnvelope(z.object({ entries: z.array(auditEntry), pagination }));
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** The Admin combobox: admins whose name or e-mail contains the search. */
export const auditAdminsQuery = z.object({ search: searchParam });
export const auditAdminsResponse = okEnvelope(z.object({ admins: z.array(auditAdmin) }));
