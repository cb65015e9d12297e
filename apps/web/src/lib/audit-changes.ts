import type { AuditEntry } from '@cask/contracts/audit';
import { auditField, formatFieldValue, NO_VALUE, type FieldValue } from './audit-fields.ts';

/**
 * An audit entry's change as the field-by-field table the 'Audit Entry' dialog and each record's
 * History show (issue 29): one row per field found before or after, labelled and formatted as the
 * screens write them (audit-fields.ts, issue 41), and whether it changed. The API never writes a
 * secret into an entry (apps/api/src/db/audit.ts); a field named like one is still shown as hidden
 * here, should an old entry hold one.
 */
export interface FieldChange {
  /** The stored name, e.g. `isActive`. */
  field: string;
  /** What the screens call it, e.g. 'Status'. */
  label: string;
  before: FieldValue;
  after: FieldValue;
  changed: boolean;
}

const SECRET_FIELD = /password|token$|tokenhash|secret|otp|^code$|codehash/i;
export const HIDDEN_VALUE = '[hidden]';
export { NO_VALUE };

/** What a change table needs of an entry. */
export type ChangedEntry = Pick<AuditEntry, 'recordType' | 'before' | 'after' | 'references'>;

function asRecord(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

/** The fields of `before` and `after`, in the order they first appear. */
export function fieldChanges(entry: ChangedEntry): FieldChange[] {
  const old = asRecord(entry.before);
  const now = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])];
  return fields.map((field) => {
    const { label, format } = auditField(entry.recordType, field);
    const shown = (side: Record<string, unknown> | null): FieldValue => {
      if (!side || !(field in side)) return { text: NO_VALUE };
      const value = formatFieldValue(side[field], format, entry.references);
      return SECRET_FIELD.test(field) && value.text !== NO_VALUE ? { text: HIDDEN_VALUE } : value;
    };
    const was = shown(old);
    const is = shown(now);
    return { field, label, before: was, after: is, changed: was.text !== is.text };
  });
}

/**
 * The fields an action run on approval adds to its entry's `after` (issue 45): said once by
 * `approvalText`, not as changes of the record.
 */
const APPROVAL_FIELDS = new Set(['approvalId', 'approvedById', 'approvedBy']);

/** 'Approved by Jane Doe' for an action run on another admin's approval (issue 45); else null. */
export function approvalText(entry: Pick<AuditEntry, 'after'>): string | null {
  const after = asRecord(entry.after);
  const approver = after?.approvedBy;
  return typeof approver === 'string' && approver !== '' ? `Approved by ${approver}` : null;
}

/** 'Status: Active → Inactive; Notes': what changed, in one line, for the History list. */
export function changeSummary(entry: ChangedEntry): string {
  const changed = fieldChanges(entry).filter(
    (change) => change.changed && !APPROVAL_FIELDS.has(change.field),
  );
  if (changed.length === 0) return 'No field changed';
  return changed
    .map((change) =>
      change.before.text.length + change.after.text.length > 60
        ? change.label
        : `${change.label}: ${change.before.text} → ${change.after.text}`,
    )
    .join('; ');
}

/**
 * Who did it: the admin's name; an admin since deleted; for no admin, 'Nobody signed in' on a
 * sign-in or reset page (`auth.*`: a failed sign-in, a reset by code) and 'System' for what the
 * server did itself (the first admin, the demo data).
 */
export function actorText(entry: Pick<AuditEntry, 'admin' | 'adminId' | 'action'>): string {
  if (entry.admin) return entry.admin.fullName;
  if (entry.adminId) return 'Deleted admin';
  return entry.action.startsWith('auth.') ? 'Nobody signed in' : 'System';
}

/** 'Part of a bulk change of 10 orders' (a bulk action and its undo, one bulk id); else null. */
export function bulkText(entry: Pick<AuditEntry, 'bulk' | 'recordType'>): string | null {
  if (!entry.bulk) return null;
  const noun = entry.recordType.replace(/-/g, ' ');
  const size = entry.bulk.size;
  return `Part of a bulk change of ${size} ${size === 1 ? noun : `${noun}s`}`;
}
