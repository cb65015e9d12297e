import { AUDIT_RECORD_TYPE_LABELS, type AuditEntry } from '@cask/contracts/audit';

/** Who did it, as the table and the dialog say. */
export function adminText(entry: AuditEntry): string {
  if (entry.admin) return entry.admin.fullName;
  return entry.adminId ? 'Deleted admin' : 'Nobody signed in';
}

/** The record's type and its current name, e.g. 'Customer: Isla Grant'. */
export function recordText(entry: AuditEntry): string {
  const labels: Record<string, string> = AUDIT_RECORD_TYPE_LABELS;
  const type = labels[entry.recordType] ?? entry.recordType;
  return entry.recordName ? `${type}: ${entry.recordName}` : type;
}
