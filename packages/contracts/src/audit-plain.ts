/**
 * The Audit Log's constants, labels and lines (issue 29, issue 45), in a module without zod
 * (docs/decisions/450): the screen draws its filters, its rows and its verification line with
 * them and loads `./audit.ts`, which re-exports all of it, beside its requests.
 */

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
  'invite',
  'passkey',
  'session',
  'security-policy',
  'file',
  'export',
  'reconciliation',
  'system',
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
  invite: 'Admin invite',
  passkey: 'Passkey',
  session: 'Session',
  'security-policy': 'Security policy',
  file: 'Image',
  export: 'Export',
  reconciliation: 'Reconciliation',
  system: 'System',
};

/**
 * Every entity an audit row is written for (its `entity` column), with the record type it is
 * shown and filtered as. `writeAudit` takes only these (docs/decisions/310).
 */
export const AUDIT_ENTITY_RECORD_TYPES = {
  customer: 'customer',
  cask: 'cask',
  offer: 'offer',
  purchase: 'order',
  referral: 'referral',
  notification: 'notification',
  terms: 'privacy-policy',
  admin: 'admin',
  admin_invite: 'invite',
  passkey: 'passkey',
  session: 'session',
  security_policy: 'security-policy',
  file: 'file',
  export: 'export',
  warehouse_statement: 'reconciliation',
  database: 'system',
} as const satisfies Record<string, AuditRecordType>;
export type AuditEntity = keyof typeof AUDIT_ENTITY_RECORD_TYPES;

/**
 * Every action the API writes, with its label (the Action select's option, the Audit Log's
 * column, each History's line). `writeAudit` takes only these, so an action without a label does
 * not compile (docs/decisions/310).
 */
export const AUDIT_ACTION_LABELS = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.second_factor_failed': 'Two-factor code refused',
  'auth.recovery_code_used': 'Recovery code used',
  'auth.logout': 'Signed out',
  'auth.refresh_token_reused': 'Session ended: token reused',
  'auth.session_ended': 'Session ended',
  'auth.other_sessions_ended': 'Other sessions ended',
  'auth.reauthenticated': 'Identity confirmed',
  'auth.reauthentication_failed': 'Identity not confirmed',
  'auth.password_changed': 'Password changed',
  'auth.reset_code_sent': 'Reset code sent',
  'auth.reset_locked': 'Password reset locked',
  'auth.password_reset': 'Password reset',
  'auth.two_factor_enabled': 'Two-factor turned on',
  'auth.two_factor_disabled': 'Two-factor turned off',
  'auth.two_factor_reset': 'Two-factor reset',
  'auth.recovery_codes_regenerated': 'Recovery codes replaced',
  'auth.passkey_added': 'Passkey added',
  'auth.passkey_removed': 'Passkey removed',
  'security.policy_changed': 'Security policy changed',
  'approval.requested': 'Sent for approval',
  'approval.approved': 'Approved',
  'approval.rejected': 'Approval rejected',
  'approval.withdrawn': 'Approval withdrawn',
  'approval.outdated': 'Approval outdated',
  'approval.expired': 'Approval expired',
  'approvals.policy_changed': 'Approvals policy changed',
  'admin.created': 'Admin created',
  'admin.profile_updated': 'Profile updated',
  'admin.role_changed': 'Admin role changed',
  'admin.enabled': 'Admin enabled',
  'admin.disabled': 'Admin disabled',
  'admin.invite_sent': 'Invite sent',
  'admin.invite_resent': 'Invite resent',
  'admin.invite_withdrawn': 'Invite withdrawn',
  'admin.invite_accepted': 'Invite accepted',
  'user.updated': 'Customer updated',
  'user.deleted': 'Customer deleted',
  'user.restored': 'Customer restored',
  'points.adjusted': 'Points adjusted',
  'cask.created': 'Cask added',
  'cask.updated': 'Cask updated',
  'cask.regauged': 'Cask regauged',
  'cask.transferred': 'Cask transferred',
  'cask.valued': 'Cask valued',
  'cask.deleted': 'Cask deleted',
  'cask.restored': 'Cask restored',
  'cask.relocated': "Warehouse's location accepted",
  'cask.identity_updated': 'Cask identity updated',
  'reconciliation.saved': 'Stock statement reconciled',
  'reconciliation.resolved': 'Finding resolved',
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
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** An action's label; an action of an entry older than this list, under its own name. */
export function auditActionLabel(action: string): string {
  const labels: Record<string, string> = AUDIT_ACTION_LABELS;
  return labels[action] ?? action;
}

/** The Audit Log shows 20 entries a page. */
export const AUDIT_PAGE_SIZE = 20;
/**
 * Issue 45: the audit log's hash chain checked from its first entry to its last
 * (docs/architecture.md#audit, decision 413). `line` is what `npm run audit:verify` prints.
 */
export const AUDIT_CHAIN_PROBLEMS = ['seq', 'prev_hash', 'hash'] as const;
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number];
/** What each problem of an entry means, in the mismatch line. */
export const AUDIT_CHAIN_PROBLEM_WORDS: Record<AuditChainProblem, string> = {
  seq: 'its place in the chain is not the next one (an entry is missing or was put in)',
  prev_hash: 'it does not link to the entry before it',
  hash: 'its content does not match its hash',
};

/**
 * A verification's line: 'Audit log verified: N entries, last <time>', or the first entry that
 * does not match. `time` writes an ISO time: as it is for `npm run audit:verify` and the API's
 * `line`; the Audit Log screen writes it as its other times (decision 435).
 */
export function auditVerificationLine(
  verification: {
    verified: boolean;
    entries: number;
    lastAt: string | null;
    mismatch: { seq: number; id: string; time: string; problem: AuditChainProblem } | null;
  },
  time: (iso: string) => string = (iso) => iso,
): string {
  const { mismatch } = verification;
  if (mismatch) {
    return `Audit log entry ${mismatch.seq} (id ${mismatch.id}, ${time(mismatch.time)}) does not match: ${AUDIT_CHAIN_PROBLEM_WORDS[mismatch.problem]}`;
  }
  const last = verification.lastAt === null ? 'never' : time(verification.lastAt);
  return `Audit log verified: ${verification.entries} entries, last ${last}`;
}
