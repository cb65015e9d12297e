import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  CSV_DATE_ORDERS,
  CSV_DATE_ORDER_LABELS,
  CSV_IMPORT_FILE_REQUIRED,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_TOO_LARGE,
  type CsvDateOrder,
} from '@cask/contracts/csv-import';
import {
  VALUATION_IMPORT_COLUMNS,
  VALUATION_IMPORT_FLAG_PERCENT,
  VALUATION_IMPORT_SAMPLE,
  VALUATION_IMPORT_SAMPLE_NAME,
  type ValuationImportPreview,
  type ValuationImportRow,
} from '@cask/contracts/valuation-imports';
import type { CsvRowRefusal } from '@cask/contracts/csv-import';
import { ApprovalReasonField } from '@/components/approvals/approval-parts.tsx';
import { SentForApprovalForm } from '@/components/approvals/sent-for-approval-form.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DataTable, type Column } from '@/components/ui/data-table.tsx';
import { Modal, ModalForm } from '@/components/ui/modal.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { useCan } from '@/lib/current-admin.ts';
import { formatCount, formatDate, formatMoney } from '@/lib/format.ts';
import {
  previewValuationImport,
  useApplyValuationImport,
  valuationImportReport,
  type ImportFile,
} from '../api/valuation-imports.ts';

/** docs/screens/casks.md#import-valuations. */
export const IMPORT_VALUATIONS = 'Import valuations';
export const PREVIEW_FAILURE = 'Failed to read the file.';
export const APPLY_FAILURE = 'Failed to import valuations.';
export const VIEWER_PREVIEW_ONLY = 'A Viewer can preview an import but not apply it.';
/** How many rows of each kind the dialog lists; the report holds them all. */
export const ROWS_SHOWN = 100;

/** Hands text to the browser as a file download. */
function saveText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`);

function changeText(row: ValuationImportRow): string {
  if (row.changePercent === null) return '—';
  return `${row.changePercent > 0 ? '+' : ''}${row.changePercent}%`;
}

const matchedColumns: Column<ValuationImportRow>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line },
  {
    id: 'cask',
    header: 'Cask',
    cell: (row) => {
      const said = [row.caskNumber ? `No. ${row.caskNumber}` : null, row.distillery];
      const detail = said.filter(Boolean).join(', ');
      return `${row.caskName}${detail ? ` (${detail})` : ''}`;
    },
  },
  { id: 'date', header: 'Date', cell: (row) => day(row.valuedOn) },
  {
    id: 'old',
    header: 'Old value',
    align: 'right',
    cell: (row) => (row.oldValue === null ? '—' : formatMoney(row.oldValue)),
  },
  { id: 'new', header: 'New value', align: 'right', cell: (row) => formatMoney(row.newValue) },
  { id: 'change', header: 'Change', align: 'right', cell: changeText },
  {
    id: 'check',
    header: 'Check',
    cell: (row) =>
      row.alreadyRecorded ? (
        <StatusBadge tone="grey">Already recorded</StatusBadge>
      ) : row.flagged ? (
        <StatusBadge tone="red">Over {VALUATION_IMPORT_FLAG_PERCENT}%</StatusBadge>
      ) : !row.becomesCurrent ? (
        <StatusBadge tone="blue">History only</StatusBadge>
      ) : (
        <StatusBadge tone="green">OK</StatusBadge>
      ),
  },
];

const refusedColumns: Column<CsvRowRefusal>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line },
  { id: 'reason', header: 'Reason', cell: (row) => row.message },
];

/** The API's 400 on `reason` (the apply sent for approval without one), if it is that. */
function reasonErrorOf(error: ApiError): string | undefined {
  if (error.status !== 400) return undefined;
  return error.errors?.find((each) => each.field === 'reason')?.message;
}

/** What the preview found, in one sentence. */
function summaryOf(preview: ValuationImportPreview): string {
  return `${formatCount(preview.rows)} rows: ${formatCount(preview.toRecord)} to record, ${formatCount(preview.alreadyRecorded)} already recorded, ${formatCount(preview.flagged)} flagged (change over ${VALUATION_IMPORT_FLAG_PERCENT}%), ${formatCount(preview.refused.length)} refused.`;
}

/**
 * 'Import valuations' (issue 44, docs/screens/casks.md#import-valuations, decision 407): a CSV
 * file and how its dates are written; 'Preview' shows each row matched (old -> new value, the
 * change, flagged over 50%) and each refused with its line; 'Apply' (not for a Viewer) records
 * them all in one transaction. A preview that went stale is shown again with the reason. Issue
 * 45 (decision 433): an Admin's 'Reason' for the Approvals policy; an apply sent for approval
 * (202) gives way to 'Sent for approval. Another admin must approve it.'
 */
export function ImportValuationsModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={IMPORT_VALUATIONS}
      size="lg"
      layout="form"
    >
      {open ? <ImportForm onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const canApply = useCan('change');
  const [file, setFile] = useState<File | null>(null);
  const [dateOrder, setDateOrder] = useState<CsvDateOrder>('iso');
  const [fileError, setFileError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  // Issue 45 (decision 433): the 'Reason' for the Approvals policy, and whether it was sent.
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [sent, setSent] = useState(false);
  const preview = useMutation({ mutationFn: previewValuationImport });
  const report = useMutation({ mutationFn: valuationImportReport });
  const apply = useApplyValuationImport();
  const shown = preview.data;
  const busy = preview.isPending || apply.isPending;

  const input = (): ImportFile | null => {
    if (!file) {
      setFileError(CSV_IMPORT_FILE_REQUIRED);
      return null;
    }
    return { file, dateOrder };
  };

  const runPreview = (chosen: ImportFile) =>
    preview.mutate(chosen, {
      onError: (error) => toast.error(errorMessage(error, PREVIEW_FAILURE)),
    });

  // A new file or date option makes the preview shown no longer this file's.
  const changed = () => {
    preview.reset();
    setNotice(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = input();
    if (!chosen) return;
    if (!shown) {
      runPreview(chosen);
      return;
    }
    setReasonError(undefined);
    apply.mutate(
      { ...chosen, previewToken: shown.previewToken, reason },
      {
        onSuccess: (outcome) => {
          // Sent for approval (202): nothing recorded yet; the form gives way to the notice.
          if ('sent' in outcome) {
            setSent(true);
            return;
          }
          toast.success(outcome.done.message ?? 'Valuations imported');
          onDone();
        },
        onError: (error) => {
          const onReason = error instanceof ApiError ? reasonErrorOf(error) : undefined;
          if (onReason) {
            setReasonError(onReason);
            return;
          }
          // A cask changed since the preview: show the file as it reads now, and say why.
          if (error instanceof ApiError && error.status === 409) {
            setNotice(error.message);
            runPreview(chosen);
            return;
          }
          toast.error(errorMessage(error, APPLY_FAILURE));
        },
      },
    );
  };

  if (sent) return <SentForApprovalForm onDone={onDone} />;

  return (
    <ModalForm
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      footer={
        <ImportActions
          shown={shown}
          busy={busy}
          canApply={canApply}
          applying={apply.isPending}
          reading={preview.isPending}
          reporting={report.isPending}
          onCancel={onDone}
          onReport={() => {
            const chosen = input();
            if (!chosen) return;
            report.mutate(chosen, {
              onSuccess: (answer) => saveText(answer.fileName, answer.csv),
              onError: (error) => toast.error(errorMessage(error, PREVIEW_FAILURE)),
            });
          }}
        />
      }
    >
      <FileFormat />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="CSV file"
          type="file"
          accept=".csv,text/csv"
          error={fileError}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            changed();
            setFile(chosen);
            setFileError(
              chosen && chosen.size > CSV_IMPORT_MAX_BYTES ? CSV_IMPORT_TOO_LARGE : undefined,
            );
          }}
        />
        <SelectField
          label="Dates in the file"
          options={CSV_DATE_ORDERS.map((order) => ({
            value: order,
            label: CSV_DATE_ORDER_LABELS[order],
          }))}
          value={dateOrder}
          onChange={(event) => {
            changed();
            setDateOrder(event.target.value as CsvDateOrder);
          }}
        />
      </div>
      {canApply ? (
        <ApprovalReasonField
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
        />
      ) : (
        <p className="text-sm text-oak-700">{VIEWER_PREVIEW_ONLY}</p>
      )}
      {notice ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
        </p>
      ) : null}
      {shown ? <PreviewResult preview={shown} /> : null}
    </ModalForm>
  );
}

/** The dialog's buttons: Cancel, then Preview, or 'Download report' and (an Admin) Apply. */
function ImportActions(props: {
  shown: ValuationImportPreview | undefined;
  busy: boolean;
  canApply: boolean;
  applying: boolean;
  reading: boolean;
  reporting: boolean;
  onCancel: () => void;
  onReport: () => void;
}) {
  const { shown, busy } = props;
  return (
    <>
      <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
        Cancel
      </Button>
      {shown ? (
        <Button variant="secondary" disabled={busy || props.reporting} onClick={props.onReport}>
          Download report
        </Button>
      ) : null}
      {!shown ? (
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {props.reading ? 'Reading...' : 'Preview'}
        </Button>
      ) : props.canApply ? (
        <Button
          type="submit"
          disabled={busy || shown.matched.length === 0}
          aria-busy={busy || undefined}
        >
          {props.applying ? 'Applying...' : `Apply (${formatCount(shown.toRecord)} valuations)`}
        </Button>
      ) : null}
    </>
  );
}

/** What the file must look like, and the sample file (VALUATION_IMPORT_SAMPLE). */
function FileFormat() {
  return (
    <p className="text-sm text-oak-700">
      A CSV file with the columns {VALUATION_IMPORT_COLUMNS.join(', ')}: each row names its cask by
      cask_id, or by cask_number, distillery and fill_year. Comma or semicolon, at most 10 MB.{' '}
      <button
        type="button"
        className="font-medium text-gold-700 underline underline-offset-2"
        onClick={() => saveText(VALUATION_IMPORT_SAMPLE_NAME, VALUATION_IMPORT_SAMPLE)}
      >
        Download the sample file
      </button>
    </p>
  );
}

function PreviewResult({ preview }: { preview: ValuationImportPreview }) {
  const flaggedFirst = [...preview.matched].sort(
    (a, b) => Number(b.flagged) - Number(a.flagged) || a.line - b.line,
  );
  return (
    <section aria-label="Preview" className="grid gap-4">
      <p role="status" className="rounded-lg bg-cream-100 px-3 py-2 text-sm text-oak-900">
        {summaryOf(preview)}
        {preview.appliedBefore
          ? ` This file was applied before, on ${formatDate(preview.appliedBefore)}: its rows recorded then are not recorded again.`
          : ''}
      </p>
      {preview.refused.length > 0 ? (
        <DataTable
          caption={`Refused rows (${formatCount(preview.refused.length)})`}
          columns={refusedColumns}
          rows={preview.refused.slice(0, ROWS_SHOWN)}
          rowKey={(row) => String(row.line)}
          keyboardScroll
        />
      ) : null}
      <DataTable
        caption={`Matched rows (${formatCount(preview.matched.length)})`}
        columns={matchedColumns}
        rows={flaggedFirst.slice(0, ROWS_SHOWN)}
        rowKey={(row) => String(row.line)}
        emptyText="No row matched a cask."
        keyboardScroll
      />
      {preview.matched.length > ROWS_SHOWN || preview.refused.length > ROWS_SHOWN ? (
        <p className="text-sm text-oak-700">
          The first {ROWS_SHOWN} rows of each kind are shown (flagged first); the report lists them
          all.
        </p>
      ) : null}
    </section>
  );
}
