import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';

/**
 * One row per sign-in (docs/architecture.md#authentication, issue 28): the session whose refresh
 * tokens share `refresh_tokens.family_id = id`. Access tokens carry its id (`sid`), and the
 * look-up on every request refuses one whose session has ended, so ending a session ends its
 * access tokens at once and no other session's (docs/decisions/225).
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    /** The refresh family's id. */
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** As the browser sent it at sign-in, at most 300 characters. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last time it was used: raised by every refresh and, at most once a minute, by its
     * authenticated requests (plugins/authenticate.ts).
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the admin proved who they are in this session (sign-in or step-up). */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('admin_sessions_admin_idx').on(table.adminId, table.createdAt)],
);
