import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FindingResolution,
  SavedReconciliation,
  StatementColumns,
  StatementDateOrder,
  StatementPreview,
} from '@cask/contracts/reconciliations';
import { STATEMENT_FILE_FIELD } from '@cask/contracts/reconciliations-plain';
import { CASK_LIST } from '@cask/contracts/lists-plain';
import { api, parsed } from '@/lib/api-client.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/**
 * Reconcile's queries (docs/screens/reconciliations.md#api-calls). Each answer is parsed by its
 * contract, loaded beside the request: the screen draws without zod (decision 450).
 */
const reconciliationsKey = ['reconciliations'] as const;

export const overviewQuery = queryOptions({
  queryKey: [...reconciliationsKey, 'overview'],
  queryFn: async () =>
    (
      await parsed(
        api.get<unknown>('/reconciliations'),
        async () =>
          (await import('@cask/contracts/reconciliations')).reconciliationsOverviewResponse,
      )
    ).data,
});
export const useOverview = () => useQuery(overviewQuery);

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: [...reconciliationsKey, 'report', id],
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>(`/reconciliations/${id}`),
          async () => (await import('@cask/contracts/reconciliations')).savedReconciliationResponse,
        )
      ).data,
  });
export const useReport = (id: string | null) =>
  useQuery({ ...reportQuery(id ?? ''), enabled: id !== null });

/** What the form sends beside the file. */
export interface StatementForm {
  file: File;
  warehouseId: string;
  dateOrder: StatementDateOrder;
  /** Left out: the warehouse's remembered columns, else the API's guess. */
  columns?: StatementColumns | undefined;
}

function formData(form: StatementForm): FormData {
  const data = new FormData();
  data.append('warehouseId', form.warehouseId);
  data.append('dateOrder', form.dateOrder);
  if (form.columns) data.append('columns', JSON.stringify(form.columns));
  data.append(STATEMENT_FILE_FIELD, form.file, form.file.name);
  return data;
}

export const usePreview = () =>
  useMutation({
    mutationFn: async (form: StatementForm): Promise<StatementPreview> =>
      (
        await parsed(
          api.post<unknown>('/reconciliations/preview', formData(form)),
          async () => (await import('@cask/contracts/reconciliations')).statementPreviewResponse,
        )
      ).data,
  });

/** After a save or a resolution: the reports, the casks (a location, a gauge) and the dashboard. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [reconciliationsKey, listKey(CASK_LIST), dashboardKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (form: StatementForm): Promise<SavedReconciliation> =>
      (
        await parsed(
          api.post<unknown>('/reconciliations', formData(form)),
          async () => (await import('@cask/contracts/reconciliations')).savedReconciliationResponse,
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useResolve(reportId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: {
      findingId: string;
      resolution: FindingResolution;
      note?: string;
    }): Promise<SavedReconciliation> =>
      (
        await parsed(
          api.post<unknown>(`/reconciliations/${reportId}/findings/${body.findingId}/resolution`, {
            resolution: body.resolution,
            note: body.note,
          }),
          async () => (await import('@cask/contracts/reconciliations')).savedReconciliationResponse,
        )
      ).data,
    onSuccess: invalidate,
  });
}

/** The demo's statement, saved by the browser as a file; answers the warehouse it is of. */
export async function downloadDemoStatement(): Promise<string> {
  const { fileName, csv, warehouse } = (
    await parsed(
      api.get<unknown>('/reconciliations/demo-statement'),
      async () => (await import('@cask/contracts/reconciliations')).demoStatementResponse,
    )
  ).data;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return warehouse.name;
}
