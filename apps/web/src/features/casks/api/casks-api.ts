import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  CASKS_PAGE_SIZE,
  caskListResponse,
  caskResponse,
  deleteCaskResponse,
  type Cask,
  type CaskList,
  type UpdateCaskBody,
} from '@cask/contracts/casks';
import { api } from '@/lib/api-client.ts';
import { dashboardKey, usersKey } from '@/lib/customer-queries.ts';

export const casksKey = ['casks'] as const;

export interface CaskListRequest {
  page: number;
  /** Already trimmed; '' is no search. */
  search: string;
}

/** `GET /casks` (spec 001 §7): page, limit 10 and search over name and distillery. */
export async function getCasks({ page, search }: CaskListRequest): Promise<CaskList> {
  const envelope = await api.get<unknown>('/casks', {
    params: { page, limit: CASKS_PAGE_SIZE, search: search || undefined },
  });
  return caskListResponse.parse(envelope).data;
}

/** The rows of the last answer stay on screen while the next page or search loads. */
export const casksQuery = (request: CaskListRequest) =>
  queryOptions({
    queryKey: [...casksKey, 'list', { page: request.page, search: request.search }],
    queryFn: () => getCasks(request),
    placeholderData: keepPreviousData,
  });

export function useCasks(request: CaskListRequest) {
  return useQuery(casksQuery(request));
}

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

/** `POST /casks` (spec 001 §7): the form as multipart, the image in `caskImages`. */
export async function createCask(form: FormData): Promise<Cask> {
  const envelope = await api.post<unknown>('/casks', form);
  return caskResponse.parse(envelope).data.cask;
}

export function useCreateCask() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: createCask, onSuccess: invalidate });
}

/** `PUT /casks/{id}/appreciation` (spec 001 §7): status and notes. */
export async function updateCask({ id, ...body }: UpdateCaskBody & { id: string }): Promise<Cask> {
  const envelope = await api.put<unknown>(`/casks/${id}/appreciation`, body);
  return caskResponse.parse(envelope).data.cask;
}

export function useUpdateCask() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: updateCask, onSuccess: invalidate });
}

/** `DELETE /casks/{id}` (spec 001 §7). */
export async function deleteCask(id: string): Promise<string> {
  const envelope = await api.delete<unknown>(`/casks/${id}`);
  return deleteCaskResponse.parse(envelope).data.id;
}

export function useDeleteCask() {
  const invalidate = useInvalidateCaskData();
  return useMutation({ mutationFn: deleteCask, onSuccess: invalidate });
}
