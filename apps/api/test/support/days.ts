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
