import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaskRecord,
  ProvenanceEvent,
  RegaugeBody,
  TransferBody,
  ValuationBody,
} from '@cask/contracts/cask-records';
import type { CaskIdentityBody } from '@cask/contracts/casks';
import { CASK_LIST } from '@cask/contracts/lists-plain';
import { ifMatchHeaders } from '@cask/contracts/plain';
import { api, parsed } from '@/lib/api-client.ts';
import { dashboardKey, usersKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { invalidateApprovals } from '@/lib/approval-queries.ts';

/** The casks list's key (lib/list-query.ts): a cask's record and provenance live under it. */
const casksKey = listKey(CASK_LIST);

// Each answer is parsed by its contract, loaded beside the request: the page draws without zod
// (decision 450).

/** `GET /casks/{id}/record`: the cask, its gauges, transfers and alerts (issue 30). */
export async function getCaskRecord(id: string): Promise<CaskRecord> {
  const answer = api.get<unknown>(`/casks/${id}/record`);
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/cask-records')).caskRecordResponse,
    )
  ).data;
}

/** `GET /casks/{id}/provenance`: everything that happened to it, newest first. */
export async function getProvenance(id: string): Promise<ProvenanceEvent[]> {
  const answer = api.get<unknown>(`/casks/${id}/provenance`);
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/cask-records')).provenanceResponse,
    )
  ).data.events;
}

// Under casksKey: any change to casks reads the page again too.
export const caskRecordQuery = (id: string) =>
  queryOptions({ queryKey: [...casksKey, 'record', id], queryFn: () => getCaskRecord(id) });
export const provenanceQuery = (id: string) =>
  queryOptions({ queryKey: [...casksKey, 'provenance', id], queryFn: () => getProvenance(id) });

export const useCaskRecord = (id: string) => useQuery(caskRecordQuery(id));
export const useProvenance = (id: string) => useQuery(provenanceQuery(id));

/**
 * After a regauge, a transfer or a valuation: the cask's page, the lists, the customers (the
 * owner's page with its 'Portfolio value') and the dashboard (its 'Portfolio value').
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [casksKey, dashboardKey, usersKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useRecordRegauge(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: RegaugeBody) =>
      (
        await parsed(
          api.post<unknown>(`/casks/${id}/regauges`, body),
          async () => (await import('@cask/contracts/cask-records')).caskRecordResponse,
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useTransferOwnership(id: string) {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 45: the Approvals policy may send it for approval (202): nothing changed yet.
    mutationFn: async (body: TransferBody) => {
      const [envelope, caskRecordResponse] = await Promise.all([
        api.post<unknown>(`/casks/${id}/transfers`, body),
        (async () => (await import('@cask/contracts/cask-records')).caskRecordResponse)(),
      ]);
      return approvalOutcome(envelope, (answer) => caskRecordResponse.parse(answer).data);
    },
    onSuccess: (outcome) => ('sent' in outcome ? invalidateApprovals(queryClient) : invalidate()),
  });
}

/**
 * `PUT /casks/{id}/identity` (issue 44, decision 430): number, fill date, warehouse and place,
 * naming the cask's version the dialog was opened on (412 when another save came first).
 */
export function useSaveCaskIdentity(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ version, ...body }: CaskIdentityBody & { version: string }) =>
      (
        await parsed(
          api.put<unknown>(`/casks/${id}/identity`, body, { headers: ifMatchHeaders(version) }),
          async () => (await import('@cask/contracts/cask-records')).caskRecordResponse,
        )
      ).data,
    onSuccess: invalidate,
  });
}

/**
 * `POST /casks/{id}/valuations` (issue 44): names the cask's version the dialog was opened on, so
 * a valuation judged against a latest valuation that is no longer the latest answers 412
 * (decision 395).
 */
export function useRecordValuation(id: string) {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useMutation({
    // Issue 45: a change beyond the Approvals policy's share may be sent for approval (202).
    mutationFn: async ({ version, ...body }: ValuationBody & { version: string }) => {
      const [envelope, caskRecordResponse] = await Promise.all([
        api.post<unknown>(`/casks/${id}/valuations`, body, { headers: ifMatchHeaders(version) }),
        (async () => (await import('@cask/contracts/cask-records')).caskRecordResponse)(),
      ]);
      return approvalOutcome(envelope, (answer) => caskRecordResponse.parse(answer).data);
    },
    onSuccess: (outcome) => ('sent' in outcome ? invalidateApprovals(queryClient) : invalidate()),
  });
}
