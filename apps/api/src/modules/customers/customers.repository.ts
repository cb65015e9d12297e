import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/lists';
import { isUniqueViolation, type DbOrTx, type Database } from '../../db/client.ts';
import { activeTextSql, searchPattern, type ExportSource } from '../../db/csv-export.ts';
import {
  containsPattern,
  searchTextSql,
  windowSql,
  type ListRequest,
  type ListWindow,
  createList,
} from '../../db/list.ts';
import { customers, CUSTOMER_COUNTERS, CUSTOMERS_EMAIL_UNIQUE } from '../../db/schema/customers.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BULK_USER_NOT_DELETED,
  BULK_USER_NOT_FOUND,
  type User,
  type userListDefinition,
} from '@cask/contracts/users';
import { deletedColumn, type BulkAction } from '../../db/bulk.ts';
import { frozenSql, isoTimeSql, jsonObject } from '../../db/sql-fragments.ts';
import { nextUpdatedAt, versionSql } from '../../db/versions.ts';
import { casks } from '../../db/schema/casks.ts';
import type { Actor } from '../../db/audit.ts';
import { runLockedEdit } from '../../db/locked-edit.ts';
import type { ExpectedRecordVersions } from '../../lib/preconditions.ts';

// The customers as every list of them reads them (User Management, the Reward List): the same
// visible rows, search, order and paging, and the row lock a change to one customer takes.
// Each module adds its own per-row columns on top of `customerWindowSql` in its own repository.

/**
 * The visible customers, and the search the lists share (a substring of the name or the e-mail),
 * for db/list.ts. The trigram index is partial (customers.ts), so the condition keeps the
 * `deleted_at is null` it is built with. `pattern` is containsPattern's result.
 */
function visibleCustomersSql(pattern: string | undefined): SQL {
  return pattern === undefined
    ? sql`deleted_at is null`
    : sql`deleted_at is null and ${searchTextSql(pattern)}`;
}

/** The columns of the page subquery `w` of every customer list. */
const CUSTOMER_WINDOW_COLUMNS = [
  'id',
  'full_name',
  'email',
  'phone',
  'is_active',
  'points_balance',
  'created_at',
  'updated_at',
];

/**
 * The page subquery `w` (id, full_name, email, phone, is_active, points_balance, created_at,
 * updated_at) that a customer list selects from.
 */
export function customerWindowSql(window: ListWindow, pattern: string | undefined): SQL {
  return windowSql(
    { table: 'customers', columns: CUSTOMER_WINDOW_COLUMNS, where: visibleCustomersSql(pattern) },
    window,
  );
}

export function countCustomerMatchesSql(pattern: string): SQL {
  return sql`select count(*)::int from customers where ${visibleCustomersSql(pattern)}`;
}

/**
 * Paging over a million customers (docs/decisions/041 and 170) for the lists of them (User
 * Management, the Reward List), as one request of db/list.ts. The total is exact and never
 * a count(*) over the table: the maintained counter without a search; with one, a count through
 * the trigram index, kept for as long as the search version (bumped in the same transaction as
 * any change to names, e-mails or deletions) stays.
 */
export interface CustomerPageRequest {
  page: number;
  limit: number;
  search?: string | undefined;
  sort?: string | undefined;
}

/** The counters every customer list reads with its page. */
export const CUSTOMER_LIST_COUNTERS = [
  CUSTOMER_COUNTERS.total,
  CUSTOMER_COUNTERS.searchVersion,
] as const;

/**
 * The customer columns a list sorts by, each with its partial index on (column, id) (migration
 * list_sorts); a list's row SQL keeps the ones it offers under these names.
 */
export const CUSTOMER_SORTS = {
  createdAt: 'created_at',
  fullName: 'full_name',
  email: 'email',
  referralPoints: 'points_balance',
} as const;

/**
 * `rowSql(w)` is the list's select list over the page's customers `w` (customerWindowSql's
 * columns); it must keep `id` and the columns of the sorts it offers under those names.
 */
export function customerListRequest(
  request: CustomerPageRequest,
  name: string,
  rowSql: SQL,
): ListRequest {
  const { page, limit, search, sort } = request;
  const pattern = search === undefined ? undefined : containsPattern(search);
  return {
    page,
    limit,
    sort,
    key: `${name}:${pattern ?? ''}`,
    listTotal: (counter) => counter(CUSTOMER_COUNTERS.total),
    ...(pattern === undefined
      ? {}
      : {
          search: {
            countSql: () => countCustomerMatchesSql(pattern),
            versionCounters: [CUSTOMER_COUNTERS.searchVersion],
          },
        }),
    pageSql: (window) => sql`select ${rowSql} from (${customerWindowSql(window, pattern)}) w`,
  };
}

/** Locks the customer's row for the rest of the transaction; deleted customers are not found. */
export async function lockVisibleCustomer(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: customers.id,
      fullName: customers.fullName,
      email: customers.email,
      isActive: customers.isActive,
      pointsBalance: customers.pointsBalance,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .for('update');
  return row;
}

/** The customer lists' WHERE (User Management, the Reward List), for their CSV export (modules/exports). */
export const customerListWhereSql = visibleCustomersSql;

// User Management (/api/users): the customers' list, edits and bulk actions.

/**
 * A customer's cask count, deleted casks left out (decision 273): an index-only count on
 * casks_owner_idx, which holds only those. (Built with $count so drizzle qualifies both columns;
 * inside a plain sql`` fragment in a select list it would not.)
 */
function caskCount(db: DbOrTx, customerId: AnyPgColumn) {
  return db.$count(casks, and(eq(casks.ownerId, customerId), isNull(casks.deletedAt)));
}

/** A customer as User Management shows them; the contract calls the cask count `balance`. */
export interface CustomerRow {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  casksHeld: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The User Management's orders (issue 31): the contract's sort names to the customers' columns. */
export const USER_LIST_SORTS = {
  createdAt: CUSTOMER_SORTS.createdAt,
  fullName: CUSTOMER_SORTS.fullName,
  email: CUSTOMER_SORTS.email,
};

/**
 * User Management's list (docs/screens/users.md#api-calls GET /users) through db/list.ts: the
 * page's customers `w` with their cask count (index-only on casks_owner_idx), written by PostgreSQL
 * as the contract's User.
 */
export function createUserList(database: Database) {
  const read = createList<User>(database, {
    counters: CUSTOMER_LIST_COUNTERS,
    sorts: USER_LIST_SORTS,
    item: jsonObject<User>({
      id: sql`p.id`,
      fullName: sql`p.full_name`,
      email: sql`p.email`,
      phone: sql`p.phone`,
      balance: sql`p.casks_held`,
      isActive: sql`p.is_active`,
      createdAt: isoTimeSql(sql`p.created_at`),
      version: versionSql(sql`p.updated_at`),
    }),
  });
  const rowSql = frozenSql(sql`w.id, w.full_name, w.email, w.phone,
    (select count(*)::int from casks k where k.owner_id = w.id and k.deleted_at is null) as casks_held,
    w.is_active, w.created_at, w.updated_at`);
  return (query: CustomerPageRequest) => read(customerListRequest(query, 'users', rowSql));
}

/**
 * The contract's User of the customer row in scope (e.g. an update's RETURNING), as `findUser`
 * and `toUser` answer it: the same keys and values.
 */
const userOfRowSql = jsonObject<User>({
  id: sql`${customers.id}`,
  fullName: sql`${customers.fullName}`,
  email: sql`${customers.email}`,
  phone: sql`${customers.phone}`,
  balance: sql`(select count(*)::int from ${casks} k where k.owner_id = ${customers.id} and k.deleted_at is null)`,
  isActive: sql`${customers.isActive}`,
  createdAt: isoTimeSql(sql`${customers.createdAt}`),
  version: versionSql(sql`${customers.updatedAt}`),
});

/** A visible customer's row, as a locked edit finds it (db/locked-edit.ts). */
const visibleCustomer = (id: string) =>
  sql`${customers.id} = ${id} and ${customers.deletedAt} is null`;

/**
 * User Management's Active/Inactive toggle (PUT /users/{id}) as one statement (issue 46,
 * decision 389): the lock, the version, the change, the audit row and the answer.
 */
export async function saveCustomerActive(
  db: DbOrTx,
  id: string,
  isActive: boolean,
  actor: Actor,
  expected: ExpectedRecordVersions,
  notFound: () => Error,
): Promise<User> {
  const { answer } = await runLockedEdit<unknown, User>(db, {
    table: customers,
    id: customers.id,
    updatedAt: customers.updatedAt,
    where: visibleCustomer(id),
    set: sql`is_active = ${isActive}`,
    audit: {
      action: 'user.updated',
      entity: 'customer',
      actor,
      before: { isActive: sql`${customers.isActive}` },
      after: { isActive: sql`${customers.isActive}` },
    },
    answer: userOfRowSql,
    expected,
    notFound,
  });
  return answer;
}

/**
 * The customer page's 'Edit details' (issue 41) as one statement (issue 46, decision 389): a
 * save giving the customer an e-mail another visible customer has (any case) changes nothing and
 * throws `emailTaken`; so does a race the check cannot see (two saves giving two customers one
 * e-mail at once), which the customers_email_unique index refuses.
 */
export async function saveCustomerDetails(
  db: DbOrTx,
  id: string,
  details: { fullName: string; email: string; phone: string | null },
  actor: Actor,
  expected: ExpectedRecordVersions,
  errors: { notFound: () => Error; emailTaken: () => Error },
): Promise<User> {
  const fields = {
    fullName: sql`${customers.fullName}`,
    email: sql`${customers.email}`,
    phone: sql`${customers.phone}`,
  };
  const save = runLockedEdit<unknown, User>(db, {
    table: customers,
    id: customers.id,
    updatedAt: customers.updatedAt,
    where: visibleCustomer(id),
    refusals: {
      emailTaken: sql`exists (select 1 from ${customers} o where o.deleted_at is null
        and o.id <> ${customers.id} and lower(o.email) = lower(${details.email}))`,
    },
    set: sql`full_name = ${details.fullName}, email = ${details.email}, phone = ${details.phone}`,
    audit: { action: 'user.updated', entity: 'customer', actor, before: fields, after: fields },
    answer: userOfRowSql,
    expected,
    notFound: errors.notFound,
    refused: { emailTaken: errors.emailTaken },
  });
  try {
    return (await save).answer;
  } catch (error) {
    if (isUniqueViolation(error, CUSTOMERS_EMAIL_UNIQUE)) throw errors.emailTaken();
    throw error;
  }
}

export async function findUser(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      fullName: customers.fullName,
      email: customers.email,
      phone: customers.phone,
      casksHeld: caskCount(db, customers.id),
      isActive: customers.isActive,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row;
}

export async function softDeleteCustomer(tx: DbOrTx, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(customers)
    .set({ deletedAt: sql`now()`, updatedAt: nextUpdatedAt(customers.updatedAt) })
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .returning({ deletedAt: customers.deletedAt });
  return row?.deletedAt ?? undefined;
}

/** User Management's bulk 'Set Active' / 'Set Inactive' (issue 31, db/bulk.ts): visible customers. */
export const customerActiveBulk: BulkAction<{ isActive: boolean }> = {
  action: 'user.updated',
  entity: 'customer',
  missing: BULK_USER_NOT_FOUND,
  table: customers,
  id: customers.id,
  where: sql`${customers.deletedAt} is null`,
  value: { isActive: sql`${customers.isActive}` },
  write: {
    set: sql`is_active = (change.value->>'isActive')::boolean`,
    updatedAt: customers.updatedAt,
  },
};

/** The message of a customer who cannot come back: their e-mail belongs to another one now. */
export const EMAIL_TAKEN_SINCE = 'Another user has this e-mail now';

/**
 * User Management's bulk 'Delete' (`deleted: true`, each hidden as the single delete hides one)
 * and the undo of any customer's delete (`deleted: false`), issue 31.
 */
export const customerDeletedBulk: BulkAction<{ deleted: boolean }> = {
  action: (value) => (value.deleted ? 'user.deleted' : 'user.restored'),
  entity: 'customer',
  missing: BULK_USER_NOT_FOUND,
  table: customers,
  id: customers.id,
  ...deletedColumn(customers.deletedAt, customers.updatedAt, {
    notFound: BULK_USER_NOT_FOUND,
    notDeleted: BULK_USER_NOT_DELETED,
  }),
  // The e-mail index covers visible customers only: a newer customer may have taken it, or an
  // earlier row of this very body brings back a customer with the same e-mail.
  refuseWrite: {
    when: sql`not (change.value->>'deleted')::boolean and (
      exists (select 1 from ${customers} o where o.deleted_at is null and o.id <> ${customers.id}
        and lower(o.email) = lower(${customers.email}))
      or exists (select 1 from change earlier join ${customers} o on o.id = earlier.id
        where earlier.ord < change.ord and not (earlier.value->>'deleted')::boolean
          and o.deleted_at is not null and lower(o.email) = lower(${customers.email})))`,
    message: EMAIL_TAKEN_SINCE,
    index: CUSTOMERS_EMAIL_UNIQUE,
  },
};

const iso = isoTimeSql;

/** User Management's CSV (issue 29): the screen's columns plus the customer's id, phone and times. */
export const usersExport: ExportSource<ExportFilters<typeof userListDefinition>> = {
  table: 'customers',
  where: (filters) => customerListWhereSql(searchPattern(filters.search)),
  // The cask counts as one grouped join, not a count per row: PostgreSQL's COPY computes it in
  // its parallel workers, where a correlated count is left to the leader, row after row (the
  // export of 1M customers took half the time, decision 279).
  joins: sql`join customers t on t.id = w.id
    left join (select owner_id, count(*) as n from casks where deleted_at is null group by owner_id) kc on kc.owner_id = t.id`,
  file: 'users',
  sorts: USER_LIST_SORTS,
  columns: [
    ['ID', sql`t.id::text`],
    ['User Name', sql`t.full_name`],
    ['Email', sql`t.email`],
    ['Phone', sql`t.phone`],
    ['Casks', sql`coalesce(kc.n, 0)::text`],
    ['Status', activeTextSql(sql`t.is_active`)],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
