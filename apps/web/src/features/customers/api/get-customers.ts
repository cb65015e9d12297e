import { userListDefinition } from '@cask/contracts/users';
import { listQuery } from '@/lib/list-query.ts';
import { usersKey } from '@/lib/customer-queries.ts';

/**
 * `GET /users` (docs/screens/users.md#api-calls): page (USERS_PAGE_SIZE a page), search and sort,
 * all from the list's definition in the contracts (lib/list-query.ts), under usersKey so a
 * customer's change reaches it.
 */
export const customerList = listQuery(userListDefinition, usersKey);
