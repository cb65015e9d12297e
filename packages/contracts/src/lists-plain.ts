/**
 * The lists' constants and helpers that a list screen needs to draw, without zod
 * (docs/decisions/450), beside `./plain.ts`: each list's address and sorts, the 'Export CSV'
 * button's texts and the check of a record's id in the URL. Each is re-exported by the module it
 * belongs to (`./users.ts`, `./rewards.ts`, `./orders.ts`, `./casks.ts`, `./offers.ts`,
 * `./referrals.ts`, `./notifications.ts`, `./export-answers.ts`, `./measures.ts`), where the API
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

/** The Cask List (`caskListDefinition`, docs/screens/casks.md): the address of its list. */
export const CASK_LIST = { name: 'casks', path: '/casks' } as const satisfies ListAddress;
/** docs/screens/casks.md#limits: the list shows 10 a page, and the search waits 300 ms. */
export const CASKS_PAGE_SIZE = 10;
export const CASK_SEARCH_DEBOUNCE_MS = 300;
/** The columns the Cask List sorts by (issue 31). */
export const CASK_SORTS = ['name', 'distillery', 'currentValue', 'status', 'createdAt'] as const;

/** The Offers list (`offerListDefinition`, docs/screens/offers.md): the address of its list. */
export const OFFER_LIST = { name: 'offers', path: '/offers' } as const satisfies ListAddress;
/** docs/screens/offers.md#limits: the three kinds of offer. */
export const OFFER_TYPES = ['cask', 'bottle', 'experience'] as const;
/** The columns the offers list sorts by (issue 31). */
export const OFFER_SORTS = ['title', 'priceNumeric', 'createdAt'] as const;

/** The Referrals list (`referralListDefinition`, docs/screens/referrals.md). */
export const REFERRAL_LIST = {
  name: 'referrals',
  path: '/referrals',
} as const satisfies ListAddress;
/**
 * docs/screens/referrals.md: a referral is pending or completed, and the admin may set either
 * freely.
 */
export const REFERRAL_STATUSES = ['pending', 'completed'] as const;
/**
 * docs/screens/referrals.md#limits: ten a page, pageQuery's default, like the offers list
 * (docs/decisions/157).
 */
export const REFERRALS_PAGE_SIZE = 10;
/** The columns the Referrals list sorts by (issue 31): Reward, Status, date. */
export const REFERRAL_SORTS = ['rewardAmount', 'status', 'createdAt'] as const;

/**
 * The Notifications list (`notificationListDefinition`), docs/screens/notifications.md#limits: the
 * list and Load More use pages of 20.
 */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The columns the Notifications list sorts by (issue 31). */
export const NOTIFICATION_SORTS = ['title', 'createdAt'] as const;

/** 58.4 → '58.4%' (docs/screens/casks.md: 'e.g. 40%'; `./measures.ts`): the Cask List's and
 * the record pages' columns. */
export function formatAbv(abv: number): string {
  return `${abv}%`;
}

/**
 * Litres as the forms take them: 250 → '250L' (docs/screens/casks.md: 'e.g. 2000L'); under a litre
 * in centilitres, as bottles are labelled: 0.7 → '70cl'.
 */
export function formatVolume(litres: number): string {
  return litres < 1 ? `${Math.round(litres * 1000) / 10}cl` : `${litres}L`;
}

/** The multipart field that carries a CSV import's file (`./csv-import.ts`, decision 404). */
export const CSV_IMPORT_FILE_FIELD = 'file';

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
