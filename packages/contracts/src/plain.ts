/**
 * The contracts' constants and helpers that a screen needs to draw, in a module without zod
 * (docs/decisions/450): a screen that imports only these, and parses its answers with contracts
 * it loads beside the request, draws without zod. Each is re-exported by the module it belongs
 * to (`./common.ts`, `./users.ts`, `./rewards.ts`, `./export-answers.ts`), where the API and the
 * schemas read it.
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

/**
 * A list's address: its export's name and its route, as its definition (`./lists.ts`) has them. A
 * screen reads the list by it and loads the definition, and zod with it, beside the request.
 */
export interface ListAddress {
  readonly name?: string;
  readonly path: string;
}

/** User Management (`userListDefinition`) and the columns it sorts by (issue 31). */
export const USER_LIST = { name: 'users', path: '/users' } as const satisfies ListAddress;
export const USER_SORTS = ['fullName', 'email', 'createdAt'] as const;

/** The Reward List (`rewardListDefinition`) and the columns it sorts by (issue 31). */
export const REWARD_LIST = {
  name: 'rewards',
  path: '/referrals/admin/rewards',
} as const satisfies ListAddress;
export const REWARD_SORTS = ['fullName', 'email', 'referralPoints'] as const;

/** Issue 29's 'Export CSV' button's texts (`./export-answers.ts`). */
export const EXPORT_CSV = 'Export CSV';
export const EXPORTING = 'Exporting...';
export const EXPORT_FAILED = 'The export failed. Please try again.';
