/**
 * An audit entry's change as the field-by-field table the 'Audit Entry' dialog and each record's
 * History show (issue 29): one row per field found before or after, its two values as text, and
 * whether it changed. The API never writes a secret into an entry (apps/api/src/db/audit.ts);
 * a field named like one is still shown as hidden here, should an old entry hold one.
 */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const SECRET_FIELD = /password|token$|tokenhash|secret|otp|^code$|codehash/i;
export const HIDDEN_VALUE = '[hidden]';
export const NO_VALUE = '—';

function asRecord(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

function text(value: unknown): string {
  if (value === undefined || value === null || value === '') return NO_VALUE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields of `before` and `after`, in the order they first appear. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])];
  return fields.map((field) => {
    const secret = SECRET_FIELD.test(field);
    const was = old && field in old ? text(old[field]) : NO_VALUE;
    const is = now && field in now ? text(now[field]) : NO_VALUE;
    return {
      field,
      before: secret && was !== NO_VALUE ? HIDDEN_VALUE : was,
      after: secret && is !== NO_VALUE ? HIDDEN_VALUE : is,
      changed: was !== is,
    };
  });
}

/** 'isActive: true → false; notes' : what changed, in one line, for the History list. */
export function changeSummary(before: unknown, after: unknown): string {
  const changed = fieldChanges(before, after).filter((change) => change.changed);
  if (changed.length === 0) return 'No field changed';
  return changed
    .map((change) =>
      change.before.length + change.after.length > 60
        ? change.field
        : `${change.field}: ${change.before} → ${change.after}`,
    )
    .join('; ');
}
