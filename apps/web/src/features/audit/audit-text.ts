import type { AuditEntry } from '@cask/contracts/audit';
import { AUDIT_RECORD_TYPE_LABELS } from '@cask/contracts/audit-plain';
import { actorText } from '@/lib/audit-changes.ts';

/** Who did it, as the table and the dialog say (the History says the same). */
export function adminText(entry: AuditEntry): string {
  return actorText(entry);
}

/** The record's type and its current name, e.g. 'Customer: Isla Grant'. */
export function recordText(entry: AuditEntry): string {
  const labels: Record<string, string> = AUDIT_RECORD_TYPE_LABELS;
  const type = labels[entry.recordType] ?? entry.recordType;
  return entry.recordName ? `${type}: ${entry.recordName}` : type;
}
