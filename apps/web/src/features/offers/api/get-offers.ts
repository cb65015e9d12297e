import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortValue } from '@cask/contracts/common';
import {
  offerListResponse,
  type OFFER_SORTS,
  type OfferListResponse,
  type OfferType,
} from '@cask/contracts/offers';
import { api } from '@/lib/api-client.ts';

export type OfferPage = OfferListResponse['data'];

/** Every offers query starts with this key, so a save can refresh them all. */
export const offersKey = ['offers'] as const;

export interface OfferListRequest {
  page: number;
  limit: number;
  /** Already trimmed; '' is no search. */
  search: string;
  /** undefined: All. */
  type: OfferType | undefined;
  /** The list's order (issue 31); undefined is newest first. */
  sort?: SortValue<(typeof OFFER_SORTS)[number]> | undefined;
}

/**
 * `GET /offers` (docs/screens/offers.md#api-calls): page, limit, search over title and description,
 * type.
 */
export async function getOffers({
  page,
  limit,
  search,
  type,
  sort,
}: OfferListRequest): Promise<OfferPage> {
  const envelope = await api.get<unknown>('/offers', {
    params: { page, limit, search: search || undefined, type, sort },
  });
  return offerListResponse.parse(envelope).data;
}

/**
 * The rows of the last answer stay on screen while the next page, search or type loads
 * (keepPreviousData), so the table never flashes 'Loading offers...' over them.
 */
export const offersQuery = (request: OfferListRequest) =>
  queryOptions({
    queryKey: [...offersKey, 'list', request],
    queryFn: () => getOffers(request),
    placeholderData: keepPreviousData,
  });

export function useOffers(request: OfferListRequest) {
  return useQuery(offersQuery(request));
}
