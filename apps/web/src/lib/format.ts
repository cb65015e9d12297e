/**
 * Display helpers shared by the screens. Amounts arrive from the API as numbers or as decimal
 * strings (numeric columns, DESIGN.md §6), so every helper takes both and never throws.
 */

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number {
  if (value === null || value === undefined || value === '') return 0;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 12500 → '$12,500', 12500.5 → '$12,500.50'; a missing amount is '$0' (spec 001 §3). */
export function formatMoney(value: Amount): string {
  const amount = toNumber(value);
  return Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount);
}

/** Spec 000 §2: Total Value reads in thousands of dollars, e.g. 125500 → '$125.5k'. */
export function formatThousands(value: Amount): string {
  const thousands = toNumber(value) / 1000;
  return `$${thousands.toLocaleString('en-US', { maximumFractionDigits: 1 })}k`;
}

/** A plain count with thousands separators: 12345 → '12,345'. */
export function formatCount(value: Amount): string {
  return toNumber(value).toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 4, 2025'; an absent or unreadable date is 'N/A' (spec 001 §3). */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
    : 'N/A';
}

/** 'Mar 4, 2025, 3:07 PM'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date
    ? date.toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : 'N/A';
}

/** Spec 001 §2 (offers): the deadline shows only the date part, as YYYY-MM-DD. */
export function formatIsoDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toISOString().slice(0, 10) : 'N/A';
}

/** Spec 001 §9: upload sizes are shown in MB with 2 decimals, e.g. '1.25 MB'. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
