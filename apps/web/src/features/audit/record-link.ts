import type { AuditEntry } from '@cask/contracts/audit';

/**
 * Where an entry's record is shown: the customer and cask pages (DESIGN.md §8 Records), the
 * other lists searched for the record's name, the policy's screen. Null when there is no screen
 * for it (a session, an admin other than oneself) or the record is gone.
 */
export function recordLink(entry: AuditEntry): string | null {
  const id = entry.recordId;
  if (id === null) return entry.recordType === 'privacy-policy' ? '/setting/privacy' : null;
  const byName = (path: string) =>
    entry.recordName ? `${path}?search=${encodeURIComponent(entry.recordName)}` : null;
  switch (entry.recordType) {
    case 'customer':
    case 'points':
      return `/user/${id}`;
    case 'cask':
      return `/cask/${id}`;
    case 'offer':
      return byName('/offers');
    case 'order':
      return byName('/orders');
    case 'referral':
      return byName('/referrals');
    case 'notification':
      return '/notifications';
    case 'privacy-policy':
      return '/setting/privacy';
    default:
      return null;
  }
}
