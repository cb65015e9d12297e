import { APPROVAL_POLICY_LABELS, type PolicyAction } from '@cask/contracts/approvals';
import { formatCount, formatDate, formatMoney } from '@/lib/format.ts';

/**
 * Issue 45: a request's change (its `before` and `after`, field by field, as the API described
 * it when asked) in the screens' own words: each field's label, money as money, points as
 * points, a day as a date. The ids beside the names (`ownerId`) are left out.
 */

type Formatter = (value: unknown) => string;

const points: Formatter = (value) => `${formatCount(Number(value))} points`;
const signedPoints: Formatter = (value) =>
  `${Number(value) > 0 ? '+' : ''}${formatCount(Number(value))} points`;
const money: Formatter = (value) => formatMoney(Number(value));
const day: Formatter = (value) => formatDate(`${String(value)}T00:00:00Z`);
const plain: Formatter = (value) => String(value);
const count: Formatter = (value) => formatCount(Number(value));

/** A policy action's setting: 'Off', 'On', or 'On, above 1,000 points'. */
function policySetting(action: PolicyAction): Formatter {
  return (value) => {
    const setting = value as { on?: boolean; above?: number; abovePercent?: number };
    if (!setting.on) return 'Off';
    if (action === 'manualPoints') return `On, above ${points(setting.above)}`;
    if (action === 'orderDelivered') return `On, above ${money(setting.above)}`;
    if (action === 'valuationChange') return `On, above ${formatCount(setting.abovePercent ?? 0)}%`;
    return 'On';
  };
}

/** The policy's actions, each a field of a policy change (Settings -> 'Approvals'). */
function policyFields(): Record<string, { label: string; format: Formatter }> {
  return Object.fromEntries(
    (Object.keys(APPROVAL_POLICY_LABELS) as PolicyAction[]).map((action) => [
      action,
      { label: APPROVAL_POLICY_LABELS[action], format: policySetting(action) },
    ]),
  );
}

const FIELDS: Record<string, { label: string; format: Formatter }> = {
  referralPoints: { label: 'Points balance', format: points },
  points: { label: 'Points', format: signedPoints },
  owner: { label: 'Owner', format: plain },
  transferredOn: { label: 'Date', format: day },
  price: { label: 'Price', format: money },
  note: { label: 'Note', format: plain },
  status: { label: 'Status', format: plain },
  caskProgress: { label: 'Cask progress', format: plain },
  manualPaymentStatus: { label: 'Payment status', format: plain },
  notes: { label: 'Notes', format: plain },
  // A valuation (issue 44) and an applied valuations import (decision 433).
  currentValue: { label: 'Current value', format: money },
  valuedOn: { label: 'Date', format: day },
  source: { label: 'Source', format: plain },
  file: { label: 'File', format: plain },
  fileHash: { label: 'File SHA-256', format: plain },
  valuations: { label: 'Valuations to record', format: count },
  alreadyRecorded: { label: 'Already recorded', format: count },
  refusedRows: { label: 'Rows refused', format: count },
  flagged: { label: 'Flagged (over 50%)', format: count },
  ...policyFields(),
};

export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

const shown = (value: unknown, format: Formatter) =>
  value === undefined || value === null || value === '' ? '—' : format(value);

/** The change's rows: each field either side names, in the order the API wrote them. */
export function changeRows(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ChangeRow[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !field.endsWith('Id'),
  );
  return fields.map((field) => {
    const { label, format } = FIELDS[field] ?? { label: field, format: plain };
    return {
      field,
      label,
      before: shown(before[field], format),
      after: shown(after[field], format),
    };
  });
}
