import { referralListDefinition } from '@cask/contracts/referrals';
import { listQuery } from '@/lib/list-query.ts';

/**
 * `GET /referrals` (docs/screens/referrals.md#api-calls): page (REFERRALS_PAGE_SIZE a page), status,
 * search and sort, all from the list's definition in the contracts (lib/list-query.ts).
 */
export const referralList = listQuery(referralListDefinition, ['referrals']);

/** Every referrals query starts with this key, so a status change reaches them all. */
export const referralsKey = referralList.key;
