import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cask, CaskDeletedChanges, UpdateCaskBody } from '@cask/contracts/casks';
import { CASK_LIST } from '@cask/contracts/lists-plain';
import { ifMatchHeaders } from '@cask/contracts/plain';
import { api, parsed } from '@/lib/api-client.ts';
import { postBulk } from '@/lib/post-bulk.ts';
import { dashboardKey, usersKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** Every casks query starts with this key, so a save or a deletion reaches them all. */
const casksKey = listKey(CASK_LIST);

// The changes load with the dialogs that make them, not with the list (decision 121's budget);
// their answers' contracts load beside the requests (decision 450).

/**
 * After any change: the cask list and its cards, the Dashboard's Total Casks and the users'
 * Casks column all read again, in place.
 */
function useInvalidateCaskData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [casksKey, dashboardKey, usersKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * `POST /casks` (docs/screens/casks.md#api-calls): the form as multipart, the image in
 * `caskImages`.
 */
export async function createCask(form: FormData): Promise<Cask> {
  const answer = api.post<unknown>('/casks', form);
  return (await parsed(answer, async () => (await import('@cask/contracts/casks')).caskResponse))
    .data.cask;
}

export function useCreateCask() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: createCask, onSuccess: invalidate });
}

/**
 * `PUT /casks/{id}/appreciation` (docs/screens/casks.md#api-calls): status and notes. It names the
 * version the form was opened on, so a cask another admin saved meanwhile is not silently replaced:
 * the server answers 412 instead (docs/decisions/208).
 */
export async function updateCask({
  id,
  version,
  ...body
}: UpdateCaskBody & { id: string; version: string }): Promise<Cask> {
  const answer = api.put<unknown>(`/casks/${id}/appreciation`, body, {
    headers: ifMatchHeaders(version),
  });
  return (await parsed(answer, async () => (await import('@cask/contracts/casks')).caskResponse))
    .data.cask;
}

/** `GET /casks/{id}`: the cask as it is now, for a dialog that reloads it. */
export async function fetchCask(id: string): Promise<Cask> {
  const answer = api.get<unknown>(`/casks/${encodeURIComponent(id)}`);
  return (await parsed(answer, async () => (await import('@cask/contracts/casks')).caskResponse))
    .data.cask;
}

export function useUpdateCask() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: updateCask, onSuccess: invalidate });
}

/** `DELETE /casks/{id}` (docs/screens/casks.md#api-calls). */
export async function deleteCask(id: string): Promise<string> {
  const answer = api.delete<unknown>(`/casks/${id}`);
  return (
    await parsed(answer, async () => (await import('@cask/contracts/casks')).deleteCaskResponse)
  ).data.id;
}

export function useDeleteCask() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: deleteCask, onSuccess: invalidate });
}

export const RESTORE_FAILURE = 'Failed to restore the cask.';

/**
 * `POST /casks/bulk/deleted` (issue 31, decision 273): with `deleted: false`, the undo of a
 * delete; the cask comes back as it was.
 */
export async function setCasksDeleted(body: CaskDeletedChanges) {
  return postBulk(
    '/casks/bulk/deleted',
    async () => (await import('@cask/contracts/casks')).caskDeletedChangesResponse,
    body,
  );
}

export function useSetCasksDeleted() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: setCasksDeleted, onSettled: invalidate });
}
