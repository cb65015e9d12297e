/**
 * The lists' constants and helpers that a list screen needs to draw, without zod
 * (docs/decisions/450), beside `./plain.ts`: each list's address and sorts, the 'Export CSV'
 * button's texts and the check of a record's id in the URL. Each is re-exported by the module it
 * belongs to (`./users.ts`, `./rewards.ts`, `./orders.ts`, `./export-answers.ts`), where the API
 * and the schemas read it.
 */

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

/** The Order List (`orderListDefinition`, docs/screens/orders.md): the address of its list. */
export const ORDER_LIST = { name: 'orders', path: '/purchases' } as const satisfies ListAddress;
/** docs/screens/orders.md#limits: the Orders screen shows 20 orders a page. */
export const ORDERS_PAGE_SIZE = 20;
/**
 * docs/screens/orders.md: all freely selectable by the admin (the database's CHECK constraints
 * agree).
 */
export const ORDER_STATUSES = ['Active', 'Pending', 'Delivered', 'Reject'] as const;
/** The columns the Order List sorts by (issue 31): Product Name, Budget, Status, date. */
export const ORDER_SORTS = ['title', 'investmentAmount', 'status', 'createdAt'] as const;

/** Issue 29's 'Export CSV' button's texts (`./export-answers.ts`). */
export const EXPORT_CSV = 'Export CSV';
export const EXPORTING = 'Exporting...';
export const EXPORT_FAILED = 'The export failed. Please try again.';

/**
 * Whether `value` is an id as `z.uuid()` accepts it (`uuidParam` in ./common.ts): zod 4's pattern,
 * any version with its variant bits, or the nil and max ids. lists-plain.test.ts checks it
 * against zod.
 */
export function isUuid(value: string): boolean {
  return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/.test(
    value,
  );
}
