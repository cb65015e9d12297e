import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ifMatchHeaders } from '@cask/contracts/plain';
import type {
  Offer,
  OfferActiveChanges,
  OfferDeletedChanges,
  offerListDefinition,
} from '@cask/contracts/offers';
import { OFFER_LIST } from '@cask/contracts/lists-plain';
import { api, parsed } from '@/lib/api-client.ts';
import { postBulk } from '@/lib/post-bulk.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';
import { listKey, type ListPage } from '@/lib/list-query.ts';

type OfferPage = ListPage<typeof offerListDefinition.response>;
/** Every offers query starts with this key, so a save can refresh them all. */
const offersKey = listKey(OFFER_LIST);

// Each answer is parsed by its contract, loaded beside the request: the list draws without zod
// (decision 450).

/** docs/screens/offers.md#texts. */
export const ADD_SUCCESS = 'Offer added successfully';
export const UPDATE_SUCCESS = 'Offer updated successfully';
export const ADD_FAILURE = 'Failed to add offer';
export const UPDATE_FAILURE = 'Failed to update offer';
export const DELETE_FAILURE = 'Failed to delete offer';
/** The delete success text is ours (docs/screens/offers.md#texts, docs/decisions/143). */
export const DELETE_SUCCESS = 'Offer deleted successfully';

/** `POST /offers` (docs/screens/offers.md#api-calls): multipart, the browser sets the boundary. */
export async function createOffer(form: FormData): Promise<Offer> {
  const answer = api.post<unknown>('/offers', form);
  return (await parsed(answer, async () => (await import('@cask/contracts/offers')).offerResponse))
    .data.offer;
}

/**
 * `PUT /offers/{id}` (docs/screens/offers.md#api-calls): the same fields, isActive instead of
 * isFeatured. It names the version the form was opened on, so an offer another admin saved
 * meanwhile is not silently replaced: the server answers 412 instead (docs/decisions/208).
 */
export async function updateOffer(input: {
  id: string;
  form: FormData;
  version: string;
}): Promise<Offer> {
  const answer = api.put<unknown>(`/offers/${encodeURIComponent(input.id)}`, input.form, {
    headers: ifMatchHeaders(input.version),
  });
  return (await parsed(answer, async () => (await import('@cask/contracts/offers')).offerResponse))
    .data.offer;
}

/** `GET /offers/{id}`: the offer as it is now, for a form that reloads it. */
export async function fetchOffer(id: string): Promise<Offer> {
  const answer = api.get<unknown>(`/offers/${encodeURIComponent(id)}`);
  return (await parsed(answer, async () => (await import('@cask/contracts/offers')).offerResponse))
    .data.offer;
}

/** `DELETE /offers/{id}`: the offer is retired, kept as it was for its undo (decision 273). */
export async function deleteOffer(id: string): Promise<{ id: string; retired: boolean }> {
  const answer = api.delete<unknown>(`/offers/${encodeURIComponent(id)}`);
  return (
    await parsed(answer, async () => (await import('@cask/contracts/offers')).deleteOfferResponse)
  ).data;
}

/** Applies `change` to the rows of every cached offers page, at once, before the refetch. */
function patchCachedPages(queryClient: QueryClient, change: (offers: Offer[]) => Offer[]) {
  queryClient.setQueriesData<OfferPage>({ queryKey: offersKey }, (page) =>
    page ? { ...page, offers: change(page.offers) } : page,
  );
}

/**
 * No page reload (docs/decisions/143): the row changes or disappears in every cached page at
 * once, then the lists, their cards and the Dashboard's Active Offers card are refetched.
 */
function refresh(queryClient: QueryClient): void {
  // Not awaited: the modal closes and the toast shows without waiting for the refetch.
  void Promise.all(
    [offersKey, dashboardKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOffer, onSuccess: () => refresh(queryClient) });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    onSuccess: (offer) => {
      patchCachedPages(queryClient, (offers) => offers.map((o) => (o.id === offer.id ? offer : o)));
      refresh(queryClient);
    },
  });
}

export const BULK_ACTIVE_FAILURE = 'Failed to update the offers.';

/** `POST /offers/bulk/active` (issue 31): the answer's `before` values, sent back, undo it. */
export async function setOffersActive(body: OfferActiveChanges) {
  return postBulk(
    '/offers/bulk/active',
    async () => (await import('@cask/contracts/offers')).offerActiveChangesResponse,
    body,
  );
}

export function useSetOffersActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setOffersActive, onSettled: () => refresh(queryClient) });
}

export const RESTORE_FAILURE = 'Failed to restore the offer.';

/**
 * `POST /offers/bulk/deleted` (issue 31, decision 273): with `deleted: false`, the undo of a
 * delete; the offer comes back as it was (its Active flag, images and details).
 */
export async function setOffersDeleted(body: OfferDeletedChanges) {
  return postBulk(
    '/offers/bulk/deleted',
    async () => (await import('@cask/contracts/offers')).offerDeletedChangesResponse,
    body,
  );
}

export function useSetOffersDeleted() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setOffersDeleted, onSettled: () => refresh(queryClient) });
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: ({ id }) => {
      patchCachedPages(queryClient, (offers) => offers.filter((o) => o.id !== id));
      refresh(queryClient);
    },
  });
}
