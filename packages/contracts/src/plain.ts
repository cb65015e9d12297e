/**
 * The contracts' constants and helpers that a screen needs to draw, in a module without zod
 * (docs/decisions/450): a screen that imports only these, and parses its answers with contracts
 * it loads beside the request, draws without zod. Each is re-exported by the module it belongs
 * to (`./common.ts`, `./users.ts`, `./approval-request.ts`), where the API and the schemas read
 * it. The lists' own are in `./lists-plain.ts`, so a screen that is no list loads none of them.
 */

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

/** The message of the API's 202 answer for an action sent for approval (`./approval-request.ts`). */
export const SENT_FOR_APPROVAL = 'Sent for approval';
