/**
 * A day (YYYY-MM-DD) as the provenance and the web app's formatDate spell it, 'Nov 26, 2026'
 * (English, in UTC, whatever the machine's locale says).
 */
export function spelled(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The day `years` before this year's `day` (MM-DD), as YYYY-MM-DD. */
export const yearsAgo = (years: number, day = '06-01') =>
  `${new Date().getUTCFullYear() - years}-${day}`;

/** The first day of this month (UTC), as YYYY-MM-DD: where a month's valuation point sits. */
export const monthStart = () => `${new Date().toISOString().slice(0, 7)}-01`;

/** The moment `back` months before this one, at `day` of that month, noon (UTC). */
export function monthsAgo(back: number, day = 15): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 12));
}
