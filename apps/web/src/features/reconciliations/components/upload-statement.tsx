import { useState } from 'react';
import toast from 'react-hot-toast';
import type {
  ReconciliationWarehouse,
  RowError,
  SavedReconciliation,
  StatementColumns,
  StatementDateOrder,
} from '@cask/contracts/reconciliations';
import {
  STATEMENT_FIELD_LABELS,
  STATEMENT_FIELDS,
  type StatementField,
} from '@cask/contracts/reconciliations-plain';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { usePreview, useSaveReport } from '../api/reconciliations.ts';
import { ReconciliationReport } from './reconciliation-report.tsx';

/** docs/screens/reconciliations.md#texts. */
export const PREVIEW_FAILED = 'Failed to read the statement.';
export const REPORT_SAVED = 'Report saved';
export const SAVE_FAILED = 'Failed to save the report.';

const DATE_ORDERS = [
  { value: 'iso', label: 'Year-month-day (2024-03-31)' },
  { value: 'dmy', label: 'Day/month/year (31/03/2024)' },
];

/** The rows of a statement that cannot be read, each with its line. */
function RowErrors({ errors }: { errors: readonly RowError[] }) {
  return (
    <section
      aria-labelledby="row-errors-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="row-errors-title" className="mb-2 text-base font-semibold text-red-900">
        Rows that cannot be read ({errors.length})
      </h2>
      <ul className="grid gap-1 text-sm text-red-900">
        {errors.slice(0, 200).map((error) => (
          <li key={error.line}>
            Line {error.line}: {error.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Upload a stock statement (docs/screens/reconciliations.md#upload-a-statement): the warehouse,
 * the file and how it writes dates; 'Preview' reads and compares it and saves nothing; the
 * columns can be mapped then and previewed again; 'Save report' (not for a Viewer) saves it.
 */
export function UploadStatement({
  warehouses,
  canSave,
  onSaved,
}: {
  warehouses: readonly ReconciliationWarehouse[];
  canSave: boolean;
  onSaved: (report: SavedReconciliation) => void;
}) {
  const [warehouseId, setWarehouseId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [dateOrder, setDateOrder] = useState<StatementDateOrder>('iso');
  const [columns, setColumns] = useState<StatementColumns | undefined>();
  const [formError, setFormError] = useState<{ field: 'warehouse' | 'file'; text: string }>();
  const preview = usePreview();
  const save = useSaveReport();
  const result = preview.data;

  const chooseWarehouse = (id: string) => {
    setWarehouseId(id);
    setColumns(undefined);
    preview.reset();
    const remembered = warehouses.find((w) => w.id === id)?.dateOrder;
    if (remembered) setDateOrder(remembered);
  };
  const form = () => {
    if (!warehouseId) return setFormError({ field: 'warehouse', text: 'Choose the warehouse' });
    if (!file) return setFormError({ field: 'file', text: 'Choose the statement (a CSV file)' });
    setFormError(undefined);
    return { file, warehouseId, dateOrder, columns };
  };
  const onPreview = (event: React.FormEvent) => {
    event.preventDefault();
    const sent = form();
    if (sent) preview.mutate(sent, { onSuccess: (answer) => setColumns(answer.columns) });
  };
  const onSave = () => {
    const sent = form();
    if (!sent) return;
    save.mutate(sent, {
      onSuccess: (report) => {
        toast.success(REPORT_SAVED);
        onSaved(report);
      },
      onError: (error) => toast.error(errorMessage(error, SAVE_FAILED)),
    });
  };
  const setColumn = (field: StatementField, header: string) => {
    const next: StatementColumns = { ...columns };
    if (header) next[field] = header;
    else delete next[field];
    setColumns(next);
  };
  const savable = canSave && result?.mapped && result.rowErrors.length === 0;

  return (
    <div className="grid gap-6">
      <Card title="Upload a stock statement">
        <form noValidate onSubmit={onPreview} className="grid gap-4 px-4 pb-4 sm:grid-cols-3">
          <SelectField
            label="Warehouse"
            placeholder="Select a warehouse"
            options={warehouses.map((w) => ({
              value: w.id,
              label: w.city ? `${w.name} (${w.city})` : w.name,
            }))}
            value={warehouseId}
            error={formError?.field === 'warehouse' ? formError.text : undefined}
            onChange={(event) => chooseWarehouse(event.target.value)}
          />
          <TextField
            label="Stock statement (CSV)"
            type="file"
            accept=".csv,text/csv"
            hint="At most 10 MB, UTF-8, comma or semicolon."
            error={formError?.field === 'file' ? formError.text : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              preview.reset();
            }}
          />
          <SelectField
            label="Dates in the statement"
            options={DATE_ORDERS}
            value={dateOrder}
            onChange={(event) => setDateOrder(event.target.value as StatementDateOrder)}
          />
          {result ? (
            <fieldset className="grid gap-4 sm:col-span-3 sm:grid-cols-4">
              <legend className="mb-2 text-sm font-semibold text-oak-900">
                Columns of the statement
              </legend>
              {STATEMENT_FIELDS.map((field) => (
                <SelectField
                  key={field}
                  label={STATEMENT_FIELD_LABELS[field]}
                  placeholder="Not in the statement"
                  options={result.headers.map((header) => ({ value: header, label: header }))}
                  value={columns?.[field] ?? ''}
                  onChange={(event) => setColumn(field, event.target.value)}
                />
              ))}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <Button type="submit" disabled={preview.isPending} aria-busy={preview.isPending}>
              {preview.isPending ? 'Reading...' : 'Preview'}
            </Button>
            {savable ? (
              <Button onClick={onSave} disabled={save.isPending} aria-busy={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save report'}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      {preview.isError ? <ErrorState title={errorMessage(preview.error, PREVIEW_FAILED)} /> : null}
      {result && !result.mapped ? (
        <p role="status" className="rounded-lg bg-cream-100 px-3 py-2 text-sm text-oak-900">
          Choose the columns of Cask number, Distillery and Fill date, then Preview again.
        </p>
      ) : null}
      {result && result.rowErrors.length > 0 ? <RowErrors errors={result.rowErrors} /> : null}
      {result?.report ? (
        <section aria-label="Preview" className="grid gap-3">
          <p className="text-sm text-oak-700">
            Preview of {result.rows} rows: nothing is saved until 'Save report'.
          </p>
          <ReconciliationReport
            counts={result.report.counts}
            findings={result.report.findings}
            canResolve={false}
          />
        </section>
      ) : null}
    </div>
  );
}
