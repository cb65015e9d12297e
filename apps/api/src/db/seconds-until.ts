import { sql } from 'drizzle-orm';

/**
 * Whole seconds from now until `moment`, at least 1 (for Retry-After and messages). Computed by
 * PostgreSQL from now(), never from the Node clock: all API instances share one clock, and tests
 * move time by back-dating rows.
 */
export const secondsUntil = (moment: unknown) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${moment} - now()))))::int`;
