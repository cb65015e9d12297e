import { z } from 'zod';
import {
  bulkAnswer,
  bulkChanges,
  deletedAnswer,
  deletedChanges,
  okEnvelope,
  pageQuery,
  pagination,
  recordVersion,
  searchParam,
  sortParam,
} from './common.ts';
import { defineList } from './lists.ts';

import { USER_LIST, USER_SORTS } from './lists-plain.ts';

/** docs/screens/users.md#limits: the page sizes, in ./plain.ts (the dashboard draws without zod). */
export { DASHBOARD_USERS_LIMIT, USERS_PAGE_SIZE } from './plain.ts';
/** GET /users: docs/screens/users.md#api-calls (page, limit, search over fullName and email). */
/** The columns User Management sorts by (issue 31), in ./lists-plain.ts (the screen draws without zod). */
export { USER_SORTS };
export const userListQuery = pageQuery.extend({
  search: searchParam,
  sort: sortParam(USER_SORTS),
});
export type UserListQuery = z.input<typeof userListQuery>;
/** The query once parsed: page and limit filled in, an empty search dropped. */
export type UserListParams = z.output<typeof userListQuery>;

/** docs/screens/users.md#api-calls, a user list item; a customer of the club, never an admin. */
export const user = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The number of casks the customer owns: the Casks column (docs/decisions/002-data-model.md). */
  balance: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Changes with every save; a save names it in If-Match (docs/decisions/208). */
  version: recordVersion,
});
export type User = z.infer<typeof user>;

/**
 * Newest first. `pagination.pages` is ceil(total / limit), so 0 when nothing matches; a page past
 * the last one answers an empty list with the real total.
 */
export const userListResponse = okEnvelope(z.object({ users: z.array(user), pagination }));
export type UserListResponse = z.infer<typeof userListResponse>;

/**
 * `GET /users?search=` as a customer picker reads it (the web app's lib/customer-search.ts): only
 * what a picker shows, so the user list can grow fields freely.
 */
export const customerOption = user.pick({ id: true, fullName: true, email: true });
export type CustomerOption = z.infer<typeof customerOption>;
export const customerSearchResponse = okEnvelope(z.object({ users: z.array(customerOption) }));

/**
 * PUT /users/{id}: docs/screens/users.md#api-calls, the only field an admin edits is the
 * Active/Inactive status.
 */
export const updateUserBody = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const updateUserResponse = okEnvelope(z.object({ user }));
export type UpdateUserResponse = z.infer<typeof updateUserResponse>;

/** GET /users/{id}: one customer, its version also in the ETag (docs/decisions/208). */
export const userResponse = updateUserResponse;
export type UserResponse = UpdateUserResponse;

/**
 * POST /users/bulk/active (issue 31): User Management's 'Set Active' / 'Set Inactive' for the
 * chosen customers, in one transaction; undone by sending the answer's `before` values back.
 */
export const userActiveChangesBody = bulkChanges({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type UserActiveChanges = z.infer<typeof userActiveChangesBody>;
export const userActiveChangesResponse = bulkAnswer({ isActive: z.boolean() });
export type UserActiveChangesResponse = z.infer<typeof userActiveChangesResponse>;
export const BULK_USER_NOT_FOUND = 'User not found (deleted, or never there)';

/**
 * POST /users/bulk/deleted (issue 31): User Management's bulk 'Delete' (`deleted: true`, each as
 * DELETE /users/{id} does) and the undo of any customer's delete (`deleted: false`).
 */
export const userDeletedChangesBody = deletedChanges();
export type UserDeletedChanges = z.infer<typeof userDeletedChangesBody>;
export const userDeletedChangesResponse = deletedAnswer();
export type UserDeletedChangesResponse = z.infer<typeof userDeletedChangesResponse>;
export const BULK_USER_NOT_DELETED = 'User is not deleted';

/** DELETE /users/{id}: the customer is hidden; casks, orders and points are kept. */
export const deleteUserResponse = okEnvelope(z.object({ id: z.uuid() }));
export type DeleteUserResponse = z.infer<typeof deleteUserResponse>;

/** User Management: its route, query and answer, for the API and the web app (lists.ts). */
export const userListDefinition = defineList({
  ...USER_LIST,
  query: userListQuery,
  response: userListResponse,
});
