import { z } from 'zod';
import { instantParam, okEnvelope, pageQuery, pagination, searchParam, text } from './common.ts';
import { defineList } from './lists.ts';

import { AUDIT_CHAIN_PROBLEMS, AUDIT_PAGE_SIZE, AUDIT_RECORD_TYPES } from './audit-plain.ts';

// The record types, the actions, their labels and the verification's line, without zod (decision
// 450): the Audit Log draws with them from ./audit-plain.ts; the API imports them from here.
export {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_CHAIN_PROBLEM_WORDS,
  AUDIT_CHAIN_PROBLEMS,
  AUDIT_ENTITY_RECORD_TYPES,
  AUDIT_PAGE_SIZE,
  AUDIT_RECORD_TYPE_LABELS,
  AUDIT_RECORD_TYPES,
  auditActionLabel,
  auditVerificationLine,
  type AuditAction,
  type AuditChainProblem,
  type AuditEntity,
  type AuditRecordType,
} from './audit-plain.ts';

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

/** What an id in an entry's change is: the screens link each kind by its own path. */
export const AUDIT_REFERENCE_TYPES = ['customer', 'cask', 'offer', 'order', 'admin'] as const;
export const auditReference = z.object({
  type: z.enum(AUDIT_REFERENCE_TYPES),
  name: z.string(),
});
export type AuditReference = z.infer<typeof auditReference>;

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
  /**
   * Each record the change names by id (an owner, a customer...), by that id, with its current
   * name; an id of a record that is gone is not in it (docs/decisions/312).
   */
  references: z.record(z.string(), auditReference),
  /** The bulk change (and its undo) this entry is one row of: its id and how many records. */
  bulk: z.object({ id: z.uuid(), size: z.number().int() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListResponse = okEnvelope(z.object({ entries: z.array(auditEntry), pagination }));
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** The Admin combobox: admins whose name or e-mail contains the search. */
export const auditAdminsQuery = z.object({ search: searchParam });
export const auditAdminsResponse = okEnvelope(z.object({ admins: z.array(auditAdmin) }));

/** The Audit Log: its route, query and answer, for the API and the web app (lists.ts). */
export const auditListDefinition = defineList({
  name: 'audit',
  path: '/audit',
  query: auditListQuery,
  response: auditListResponse,
});

/** GET /audit/verification's 403 to an Admin or a Viewer. */
export const AUDIT_VERIFY_OWNER_ONLY = 'Only Owners can verify the audit log';

export const auditVerification = z.object({
  verified: z.boolean(),
  /** The entries checked: all of them when verified, else up to the first that does not match. */
  entries: z.number().int(),
  /** The last entry's time (ISO 8601, UTC); null for an empty log. */
  lastAt: z.string().nullable(),
  /** The first entry that does not match, and what does not; null when verified. */
  mismatch: z
    .object({
      seq: z.number().int(),
      id: z.string(),
      /** ISO 8601 (UTC). */
      time: z.string(),
      problem: z.enum(AUDIT_CHAIN_PROBLEMS),
    })
    .nullable(),
  /** 'Audit log verified: N entries, last <time>', or the entry that does not match. */
  line: z.string(),
});
export type AuditVerification = z.infer<typeof auditVerification>;
export const auditVerificationResponse = okEnvelope(auditVerification);
export type AuditVerificationResponse = z.infer<typeof auditVerificationResponse>;
