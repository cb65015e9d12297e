import { adminListDefinition } from '@cask/contracts/admins';
import { listQuery } from '@/lib/list-query.ts';

export const ADMINS_PAGE_SIZE = 10;

/**
 * `GET /admins` (issue 28): the admins and the outstanding invites, newest first, from the list's
 * definition in the contracts (lib/list-query.ts).
 */
export const adminList = listQuery(adminListDefinition, ['admins']);

/** Every admins query starts with this key, so an invite or a change reaches them all. */
export const adminsKey = adminList.key;
