/**
 * The contracts' constants and helpers that a screen needs to draw, in a module without zod
 * (docs/decisions/450): a screen that imports only these, and parses its answers with contracts
 * it loads beside the request, draws without zod. Each is re-exported by the module it belongs
 * to (`./common.ts`, `./users.ts`, `./approval-request.ts`, `./admins.ts`,
 * `./customer-records.ts`, `./csv-import.ts`, `./profile.ts`), where
 * the API and the schemas read it. The lists'
 * own are in `./lists-plain.ts`, so a screen that is no list loads none of them; a screen's own
 * labels in its module (`./audit-plain.ts`, `./approvals-plain.ts`, `./reconciliations-plain.ts`).
 */

import type { AdminRole } from './admins.ts';

/**
 * Issue 40: the years a date or an instant of a request may name (`./common.ts`, where the schemas
 * check them; docs/decisions/301).
 */
export const DATE_YEAR_MIN = 1800;
export const DATE_YEAR_MAX = 9999;
export const DATE_OUT_OF_RANGE = `Dates must be between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;
export const inDateYears = (year: number) => year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
/** A calendar day's year (YYYY-MM-DD) within DATE_YEAR_MIN..DATE_YEAR_MAX. */
export const isDayInDateYears = (day: string) => inDateYears(Number(day.slice(0, 4)));

/** A list's search (docs/architecture.md#paging): at most this many characters. */
export const SEARCH_MAX_LENGTH = 100;

/** The `If-Match` of a save that started from this version of a record. */
export function ifMatchHeaders(version: string): { 'If-Match': string } {
  return { 'If-Match': `"${version}"` };
}

/**
 * docs/screens/users.md#limits: User Management shows 6 a page; the dashboard's Recent Users table
 * 10.
 */
export const USERS_PAGE_SIZE = 6;
export const DASHBOARD_USERS_LIMIT = 10;

/** The most rows one bulk action changes (`./common.ts`): a page of the largest page size. */
export const BULK_MAX = 100;
export const BULK_TOO_MANY = `At most ${BULK_MAX} rows can be changed at once`;

/** The customer page's sections (`./customer-records.ts`, issue 30) show 5 a page. */
export const CUSTOMER_SECTION_PAGE_SIZE = 5;

/** docs/architecture.md#roles (`./admins.ts`, docs/decisions/220): the admins' roles' labels. */
export const ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  viewer: 'Viewer',
};

/** The message of the API's 202 answer for an action sent for approval (`./approval-request.ts`). */
export const SENT_FOR_APPROVAL = 'Sent for approval';

/**
 * docs/screens/settings.md#personal-information: the phone number holds at most 15 digits (E.164)
 * (`./profile.ts`).
 */
export const PHONE_MAX_DIGITS = 15;

/**
 * docs/screens/settings.md#api-calls: `POST /auth/upload-avatar`'s multipart field (`./profile.ts`).
 */
export const AVATAR_FIELD = 'avatar';
