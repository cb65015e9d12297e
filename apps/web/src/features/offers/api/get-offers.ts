import { offerListDefinition } from '@cask/contracts/offers';
import { listQuery, type ListPage } from '@/lib/list-query.ts';

/**
 * `GET /offers` (docs/screens/offers.md#api-calls): page, limit, search over title and description,
 * type and sort, all from the list's definition in the contracts (lib/list-query.ts).
 */
export const offerList = listQuery(offerListDefinition, ['offers']);

export type OfferPage = ListPage<typeof offerListDefinition.response>;

/** Every offers query starts with this key, so a save can refresh them all. */
export const offersKey = offerList.key;
