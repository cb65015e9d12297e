import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caskListDefinition } from '@cask/contracts/casks';
import { CSV_IMPORT_FILE_FIELD, type CsvDateOrder } from '@cask/contracts/csv-import';
import {
  valuationImportPreviewResponse,
  valuationImportReportResponse,
  valuationImportResultResponse,
} from '@cask/contracts/valuation-imports';
import { api } from '@/lib/api-client.ts';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { invalidateApprovals } from '@/lib/approval-queries.ts';
import { dashboardKey, usersKey } from '@/lib/customer-queries.ts';
import { listKey } from '@/lib/list-query.ts';

/** The file and the date option, as every call of 'Import valuations' sends them. */
export interface ImportFile {
  file: File;
  dateOrder: CsvDateOrder;
}

function formOf({ file, dateOrder }: ImportFile, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('dateOrder', dateOrder);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append(CSV_IMPORT_FILE_FIELD, file, file.name);
  return form;
}

/** `POST /casks/valuation-imports/preview`: every row checked, nothing written. */
export async function previewValuationImport(input: ImportFile) {
  return valuationImportPreviewResponse.parse(
    await api.post<unknown>('/casks/valuation-imports/preview', formOf(input)),
  ).data;
}

/** `POST /casks/valuation-imports/report`: the preview as CSV, cells neutralised by the API. */
export async function valuationImportReport(input: ImportFile) {
  return valuationImportReportResponse.parse(
    await api.post<unknown>('/casks/valuation-imports/report', formOf(input)),
  ).data;
}

/**
 * `POST /casks/valuation-imports` (an Admin): records the previewed rows, naming the preview it
 * shows (409 when a cask changed since). Then the casks, the customers (their 'Portfolio value')
 * and the dashboard read again, as after one valuation. Issue 45: while the Approvals policy's
 * 'Valuation change above' is on, the apply is sent for approval instead (202, `reason` needed):
 * nothing changed yet, only the approvals read again (decision 433).
 */
export function useApplyValuationImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      previewToken,
      reason,
      ...input
    }: ImportFile & { previewToken: string; reason: string }) =>
      approvalOutcome(
        await api.post<unknown>(
          '/casks/valuation-imports',
          formOf(input, { previewToken, ...(reason.trim() ? { reason } : {}) }),
        ),
        (envelope) => valuationImportResultResponse.parse(envelope),
      ),
    onSuccess: (outcome) =>
      'sent' in outcome
        ? invalidateApprovals(queryClient)
        : Promise.all(
            [listKey(caskListDefinition), dashboardKey, usersKey].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            ),
          ),
  });
}
