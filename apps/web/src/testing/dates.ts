// Dates as the API and the forms write them (YYYY-MM-DD), for the web tests
// (docs/conventions.md#test-kits).

/** `date`'s day in UTC as YYYY-MM-DD. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `years` years from today (negative: ago), as YYYY-MM-DD. */
export function isoYearsFromNow(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return isoDay(date);
}
