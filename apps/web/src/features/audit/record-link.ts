import type { AuditEntry } from '@cask/contracts/audit';
import { openRecordPath } from '@/lib/use-linked-record.ts';

/**
 * Where an entry's record is shown: the customer and cask pages
 * (docs/architecture.md#record-pages), an offer's, order's or referral's edit dialog opened on its
 * list (`?open=<id>`, decision 223), the policy's screen. Null when there is no screen for it (a
 * session, an admin other than oneself) or the record is gone.
 */
export function recordLink(entry: AuditEntry): string | null {
  const id = entry.recordId;
  if (id === null) return entry.recordType === 'privacy-policy' ? '/setting/privacy' : null;
  // A record that is gone has no name; its list could open nothing.
  const opened = (path: string) => (entry.recordName ? openRecordPath(path, id) : null);
  switch (entry.recordType) {
    case 'customer':
    case 'points':
      return `/user/${id}`;
    case 'cask':
      return `/cask/${id}`;
    case 'offer':
      return opened('/offers');
    case 'order':
      return opened('/orders');
    case 'referral':
      return opened('/referrals');
    case 'notification':
      return '/notifications';
    case 'privacy-policy':
      return '/setting/privacy';
    default:
      return null;
  }
}
