import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';

/**
 * Addresses an admin signed in from successfully, lately (docs/decisions/132). Failures of
 * others at such an address (an office behind one NAT address) never lock that admin out there,
 * and neither do failures of the account elsewhere.
 */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.ip] })],
);
