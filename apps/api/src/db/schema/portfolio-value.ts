import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboard's 'Portfolio value' over time (issue 30, decision 233): by how much the sum of
 * every cask's current value changed in each month (UTC). The value at the end of a month is the
 * sum of the changes up to it; the last one equals the `casks.current_value` counter. Kept by the
 * statement triggers of src/db/sql/110_casks_portfolio_value_apply.sql in the same transaction as
 * each change to casks (a change is added, so concurrent writers never overwrite each other),
 * rebuilt from the casks' value histories by rebuild_portfolio_value() (src/db/sql/111) after a
 * seed or a TRUNCATE. Never written from application code.
 */
export const portfolioValueMonths = pgTable(
  'portfolio_value_months',
  {
    /** The first day of the month. */
    month: date('month').primaryKey(),
    /** Dollars: the month's change of the sum of current values (null counts as 0). */
    change: numeric('change', { precision: 20, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('portfolio_value_months_first_of_month', sql`extract(day from ${table.month}) = 1`),
  ],
);
