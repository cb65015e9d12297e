/**
 * Display helpers shared by the screens. Amounts arrive from the API as numbers or as decimal
 * strings (numeric columns, docs/architecture.md#data-model), so every helper takes both and never
 * throws.
 */

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number {
  if (value === null || value === undefined || value === '') return 0;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * An Intl formatter made on its first use and kept. Making one costs far more than using it
 * (`toLocaleString` with options makes a new one on every call): a table of 20 rows formatted
 * each cell anew, and the formatters made when this module loaded delayed every screen's first
 * draw (docs/decisions/135).
 */
function formatter<F>(make: () => F): () => F {
  let made: F | undefined;
  return () => (made ??= make());
}

const usd = { style: 'currency', currency: 'USD' } as const;
const wholeDollars = formatter(
  () => new Intl.NumberFormat('en-US', { ...usd, maximumFractionDigits: 0 }),
);
const dollarsAndCents = formatter(() => new Intl.NumberFormat('en-US', usd));
const oneDecimal = formatter(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));
const twoDecimals = formatter(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));
const day = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const monthFormat = formatter(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const dayFormat = formatter(() => new Intl.DateTimeFormat('en-US', day));
const dayAndTime = formatter(
  () => new Intl.DateTimeFormat('en-US', { ...day, hour: 'numeric', minute: '2-digit' }),
);

/**
 * 12500 → '$12,500', 12500.5 → '$12,500.50'; a missing amount is '$0' (docs/screens/referrals.md).
 */
export function formatMoney(value: Amount): string {
  const amount = toNumber(value);
  return (Number.isInteger(amount) ? wholeDollars() : dollarsAndCents()).format(amount);
}

/**
 * docs/screens/dashboard.md: Total Value reads in thousands of dollars, e.g. 125500 → '$125.5k'.
 */
export function formatThousands(value: Amount): string {
  return `$${oneDecimal().format(toNumber(value) / 1000)}k`;
}

/** A plain count with thousands separators: 12345 → '12,345'. */
export function formatCount(value: Amount): string {
  return twoDecimals().format(toNumber(value));
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 4, 2025'; an absent or unreadable date is 'N/A' (docs/screens/referrals.md). */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dayFormat().format(date) : 'N/A';
}

/** A month 'YYYY-MM' (or 'YYYY-MM-DD') → 'Mar 2025'; an unreadable one as it is. */
export function formatMonth(month: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat().format(date);
}

/** 'Mar 4, 2025, 3:07 PM'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dayAndTime().format(date) : 'N/A';
}

/** docs/screens/offers.md: the deadline shows only the date part, as YYYY-MM-DD. */
export function formatIsoDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toISOString().slice(0, 10) : 'N/A';
}

/** docs/screens/common.md#limits: upload sizes are shown in MB with 2 decimals, e.g. '1.25 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
