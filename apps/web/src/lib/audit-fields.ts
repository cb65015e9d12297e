import type { AuditRecordType, AuditReference } from '@cask/contracts/audit';
import { formatAbv } from '@cask/contracts/lists-plain';
import type { AdminRole } from '@cask/contracts/admins';
import { ROLE_LABELS } from '@cask/contracts/plain';
import { formatCount, formatDate, formatDateTime, formatMoney } from './format.ts';
import { openRecordPath } from './use-linked-record.ts';

/**
 * How an audit entry's stored fields read on the screens (issue 41): each field's label and the
 * format of its value, by record type, for the Audit Entry's change table and each dialog's
 * History (docs/decisions/313). A field of a record type not listed takes the common one; a field
 * listed nowhere reads as its name in words ('recoveryCodesLeft' -> 'Recovery codes left').
 */
export type FieldFormat =
  | 'text'
  /** true/false as the status select says it: 'Active', 'Inactive'. */
  | 'active'
  | 'yes-no'
  | 'money'
  /** A day 'YYYY-MM-DD' (or an instant) as 'Mar 4, 2025'. */
  | 'date'
  | 'date-time'
  | 'litres'
  | 'percent'
  | 'count'
  | 'role'
  /** The id of a record: its name, linked (AuditEntry.references). */
  | 'record'
  /** A list of ids (images): how many. */
  | 'images';

export interface FieldSpec {
  label: string;
  format?: FieldFormat;
}

type Fields = Record<string, FieldSpec>;

/** What a field means on every record that has it. */
const COMMON_FIELDS: Fields = {
  isActive: { label: 'Status', format: 'active' },
  status: { label: 'Status' },
  fullName: { label: 'Name' },
  name: { label: 'Name' },
  email: { label: 'E-mail' },
  phone: { label: 'Phone' },
  avatar: { label: 'Photo' },
  notes: { label: 'Notes' },
  note: { label: 'Note' },
  title: { label: 'Title' },
  type: { label: 'Type' },
  location: { label: 'Location' },
  role: { label: 'Role', format: 'role' },
  deleted: { label: 'Deleted', format: 'yes-no' },
  deletedAt: { label: 'Deleted on', format: 'date-time' },
  retiredAt: { label: 'Retired on', format: 'date-time' },
  ownerId: { label: 'Owner', format: 'record' },
  customerId: { label: 'Customer', format: 'record' },
  recipientId: { label: 'Recipient', format: 'record' },
  referrerId: { label: 'Referrer', format: 'record' },
  caskId: { label: 'Cask', format: 'record' },
  offerId: { label: 'Offer', format: 'record' },
  adminId: { label: 'Admin', format: 'record' },
  createdBy: { label: 'Sent by', format: 'record' },
  imageFileId: { label: 'Image' },
  slideFileIds: { label: 'Slide images', format: 'images' },
  referralPoints: { label: 'Points balance', format: 'count' },
  referrerPoints: { label: "Referrer's points", format: 'count' },
  points: { label: 'Points', format: 'count' },
  pointTransactionId: { label: 'Points entry' },
  price: { label: 'Price', format: 'money' },
  investmentAmount: { label: 'Investment', format: 'money' },
  currentValue: { label: 'Current value', format: 'money' },
  estimatedValue: { label: 'Estimated value', format: 'money' },
  purchasePrice: { label: 'Purchase price', format: 'money' },
  volume: { label: 'Volume', format: 'litres' },
  abv: { label: 'ABV', format: 'percent' },
  bulkLitres: { label: 'Bulk litres', format: 'litres' },
  lpa: { label: 'Litres of pure alcohol', format: 'litres' },
  gaugedOn: { label: 'Gauged on', format: 'date' },
  transferredOn: { label: 'Transferred on', format: 'date' },
  valuedOn: { label: 'Valued on', format: 'date' },
  value: { label: 'Value', format: 'money' },
  source: { label: 'Source' },
  valuationId: { label: 'Valuation' },
  completedDate: { label: 'Completed on', format: 'date' },
  expiryDate: { label: 'Deadline', format: 'date' },
  purchaseDate: { label: 'Purchase date', format: 'date' },
  distillery: { label: 'Distillery' },
  year: { label: 'Year' },
  isRead: { label: 'Read', format: 'yes-no' },
  isGlobal: { label: 'To everyone', format: 'yes-no' },
  marked: { label: 'Marked read', format: 'count' },
  regaugeId: { label: 'Regauge' },
  transferId: { label: 'Transfer' },
  sessionId: { label: 'Session' },
  passkeyId: { label: 'Passkey' },
  userAgent: { label: 'Browser' },
  method: { label: 'Method' },
  reason: { label: 'Reason' },
  revokedSessions: { label: 'Sessions ended', format: 'count' },
  revokedTokens: { label: 'Tokens revoked', format: 'count' },
  recoveryCodes: { label: 'Recovery codes', format: 'count' },
  recoveryCodesLeft: { label: 'Recovery codes left', format: 'count' },
  requireTwoFactor: { label: 'Two-factor required', format: 'yes-no' },
};

/** Where a record type's field means something of its own. */
const RECORD_FIELDS: Partial<Record<AuditRecordType, Fields>> = {
  order: {
    title: { label: 'Product' },
    caskProgress: { label: 'Progress' },
    manualPaymentStatus: { label: 'Payment' },
  },
  offer: {
    priceNumeric: { label: 'Price', format: 'money' },
    currentPrice: { label: 'Current value', format: 'money' },
    originalPrice: { label: 'Purchase value', format: 'money' },
    details: { label: 'Details' },
  },
  notification: {
    message: { label: 'Message' },
    priority: { label: 'Priority' },
    category: { label: 'Category' },
    adminNotes: { label: 'Admin notes' },
  },
  file: {
    purpose: { label: 'Used for' },
    contentType: { label: 'File type' },
    size: { label: 'Size (bytes)', format: 'count' },
  },
  export: {
    list: { label: 'List' },
    rows: { label: 'Rows', format: 'count' },
    whole: { label: 'Whole list', format: 'yes-no' },
  },
  session: {
    current: { label: 'This session', format: 'yes-no' },
    sessions: { label: 'Sessions ended', format: 'count' },
  },
};

/** 'recoveryCodesLeft' -> 'Recovery codes left': a field no table names, still in words. */
function inWords(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label and format on a record type. */
export function auditField(recordType: string, field: string): FieldSpec {
  const own = RECORD_FIELDS[recordType as AuditRecordType]?.[field];
  return own ?? COMMON_FIELDS[field] ?? { label: inWords(field) };
}

/** Every field label and format, for the tests that prove a written field is named. */
export const AUDIT_FIELD_TABLES = { common: COMMON_FIELDS, byRecordType: RECORD_FIELDS };

export const NO_VALUE = '—';

/** A value shown, and when it is a record's id, the record it names (for a link). */
export interface FieldValue {
  text: string;
  record?: { id: string } & AuditReference;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function asNumber(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
}

function plain(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, inner]) => `${inWords(key)}: ${plain(inner)}`)
      .join('; ');
  }
  return String(value);
}

/** A stored value as the screens write it, by its field's format. */
export function formatFieldValue(
  value: unknown,
  format: FieldFormat = 'text',
  references: Record<string, AuditReference> = {},
): FieldValue {
  if (value === undefined || value === null || value === '') return { text: NO_VALUE };
  const number = asNumber(value);
  switch (format) {
    case 'active':
      return { text: value === true ? 'Active' : value === false ? 'Inactive' : plain(value) };
    case 'yes-no':
      return { text: value === true ? 'Yes' : value === false ? 'No' : plain(value) };
    case 'money':
      return { text: number === null ? plain(value) : formatMoney(number) };
    case 'count':
      return { text: number === null ? plain(value) : formatCount(number) };
    case 'litres':
      return {
        text:
          number === null
            ? plain(value)
            : `${number.toLocaleString('en-US', { maximumFractionDigits: 3 })} L`,
      };
    case 'percent':
      return { text: number === null ? plain(value) : formatAbv(number) };
    case 'date':
      if (typeof value !== 'string') return { text: plain(value) };
      return { text: formatDate(DAY.test(value) ? `${value}T00:00:00` : value) };
    case 'date-time':
      return { text: typeof value === 'string' ? formatDateTime(value) : plain(value) };
    case 'role': {
      const roles: Record<string, string> = ROLE_LABELS satisfies Record<AdminRole, string>;
      return { text: typeof value === 'string' ? (roles[value] ?? value) : plain(value) };
    }
    case 'images':
      return {
        text: Array.isArray(value)
          ? `${value.length} ${value.length === 1 ? 'image' : 'images'}`
          : plain(value),
      };
    case 'record': {
      const id = plain(value);
      const record = references[id];
      // A record that is gone keeps its id, so the entry still says which one it was.
      return record ? { text: record.name, record: { id, ...record } } : { text: id };
    }
    default:
      return { text: plain(value) };
  }
}

/** Where a record an entry names by id is shown; null for an admin (no page of its own). */
export function referenceLink(record: { id: string; type: AuditReference['type'] }): string | null {
  switch (record.type) {
    case 'customer':
      return `/user/${record.id}`;
    case 'cask':
      return `/cask/${record.id}`;
    case 'offer':
      return openRecordPath('/offers', record.id);
    case 'order':
      return openRecordPath('/orders', record.id);
    default:
      return null;
  }
}
