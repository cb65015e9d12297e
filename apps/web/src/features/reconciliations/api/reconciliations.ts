import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  demoStatementResponse,
  reconciliationsOverviewResponse,
  savedReconciliationResponse,
  statementPreviewResponse,
  STATEMENT_FILE_FIELD,
  type FindingResolution,
  type SavedReconciliation,
  type StatementColumns,
  type StatementDateOrder,
  type StatementPreview,
} from '@cask/contracts/reconciliations';
import { caskListDefinition } from '@cask/contracts/casks';
import { api } from '@/lib/api-client.ts';
import { dashboardKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** Reconcile's queries (docs/screens/reconciliations.md#api-calls). */
const reconciliationsKey = ['reconciliations'] as const;

export const overviewQuery = queryOptions({
  queryKey: [...reconciliationsKey, 'overview'],
  queryFn: async () =>
    reconciliationsOverviewResponse.parse(await api.get<unknown>('/reconciliations')).data,
});
export const useOverview = () => useQuery(overviewQuery);

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: [...reconciliationsKey, 'report', id],
    queryFn: async () =>
      savedReconciliationResponse.parse(await api.get<unknown>(`/reconciliations/${id}`)).data,
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
      statementPreviewResponse.parse(
        await api.post<unknown>('/reconciliations/preview', formData(form)),
      ).data,
  });

/** After a save or a resolution: the reports, the casks (a location, a gauge) and the dashboard. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [reconciliationsKey, listKey(caskListDefinition), dashboardKey].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSaveReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (form: StatementForm): Promise<SavedReconciliation> =>
      savedReconciliationResponse.parse(await api.post<unknown>('/reconciliations', formData(form)))
        .data,
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
      savedReconciliationResponse.parse(
        await api.post<unknown>(
          `/reconciliations/${reportId}/findings/${body.findingId}/resolution`,
          { resolution: body.resolution, note: body.note },
        ),
      ).data,
    onSuccess: invalidate,
  });
}

/** The demo's statement, saved by the browser as a file; answers the warehouse it is of. */
export async function downloadDemoStatement(): Promise<string> {
  const { fileName, csv, warehouse } = demoStatementResponse.parse(
    await api.get<unknown>('/reconciliations/demo-statement'),
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
