import { caskListDefinition } from '@cask/contracts/casks';
import { listQuery } from '@/lib/list-query.ts';

/**
 * `GET /casks` (docs/screens/casks.md#api-calls): page (CASKS_PAGE_SIZE a page), search, sort and
 * the gauge alert filter, all from the list's definition in the contracts (lib/list-query.ts).
 */
export const caskList = listQuery(caskListDefinition, ['casks']);

/** Every casks query starts with this key, so a save or a deletion reaches them all. */
export const casksKey = caskList.key;
