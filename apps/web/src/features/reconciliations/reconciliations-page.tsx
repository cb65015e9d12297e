import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import type { StatementSummary } from '@cask/contracts/reconciliations';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { DataTable, type Column } from '@/components/ui/data-table.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useCan } from '@/lib/current-admin.ts';
import { formatCount, formatDateTime } from '@/lib/format.ts';
import { downloadDemoStatement, useOverview, useReport } from './api/reconciliations.ts';
import { ReconciliationReport } from './components/reconciliation-report.tsx';
import { UploadStatement } from './components/upload-statement.tsx';

/** docs/screens/reconciliations.md#texts. */
const OVERVIEW_FAILED = 'Failed to fetch reconciliations.';
const DEMO_FAILED = 'Failed to download the demo statement.';
const demoDownloaded = (warehouse: string) => `Demo statement of ${warehouse} downloaded`;

const open = (s: StatementSummary) =>
  s.counts.missing.open + s.counts.unknown.open + s.counts.location.open + s.counts.gauge.open;

function savedColumns(view: (id: string) => void): Column<StatementSummary>[] {
  return [
    { id: 'warehouse', header: 'Warehouse', cell: (s) => s.warehouse.name },
    {
      id: 'saved',
      header: 'Saved',
      cell: (s) => `${formatDateTime(s.createdAt)} · ${s.admin ?? ''}`,
    },
    { id: 'file', header: 'File', cell: (s) => s.fileName ?? '' },
    { id: 'rows', header: 'Rows', align: 'right', cell: (s) => formatCount(s.rows) },
    {
      id: 'missing',
      header: 'Missing',
      align: 'right',
      cell: (s) => formatCount(s.counts.missing.total),
    },
    { id: 'open', header: 'Open', align: 'right', cell: (s) => formatCount(open(s)) },
    {
      id: 'action',
      header: 'Action',
      align: 'right',
      cell: (s) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`View report: ${s.warehouse.name}, ${formatDateTime(s.createdAt)}`}
          onClick={() => view(s.id)}
        >
          View report
        </Button>
      ),
    },
  ];
}

function SavedReport({
  id,
  canResolve,
  onBack,
}: {
  id: string;
  canResolve: boolean;
  onBack: () => void;
}) {
  const report = useReport(id);
  if (report.isPending) return <LoadingState label="Loading the report..." />;
  if (report.isError) {
    return <ErrorState title={errorMessage(report.error, 'Failed to fetch the report.')} />;
  }
  const saved = report.data;
  return (
    <section aria-labelledby="report-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="report-title" className="text-lg font-semibold text-oak-900">
            {saved.warehouse.name}: report of {formatDateTime(saved.createdAt)}
          </h2>
          <p className="text-sm text-oak-700">
            {saved.fileName ?? 'Statement'} · {formatCount(saved.rows)} rows · saved by{' '}
            {saved.admin ?? 'an admin'} · SHA-256 {saved.fileHash.slice(0, 12)}…
          </p>
        </div>
        <Button variant="secondary" onClick={onBack}>
          Upload another statement
        </Button>
      </div>
      <ReconciliationReport
        counts={saved.report.counts}
        findings={saved.report.findings}
        reportId={saved.id}
        canResolve={canResolve}
      />
    </section>
  );
}

/**
 * Reconcile (`/reconciliations`, issue 44, docs/screens/reconciliations.md): a warehouse's stock
 * statement compared with our casks, its report saved and its findings resolved.
 */
export default function ReconciliationsPage() {
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report');
  const overview = useOverview();
  const canChange = useCan('change');
  const view = (id: string | null) => setParams(id ? { report: id } : {});
  const demo = () =>
    void downloadDemoStatement().then(
      (warehouse) => toast.success(demoDownloaded(warehouse)),
      (error: unknown) => toast.error(errorMessage(error, DEMO_FAILED)),
    );

  return (
    <>
      <PageHeader
        title="Reconcile"
        actions={
          <Button variant="secondary" onClick={demo}>
            Download the demo statement
          </Button>
        }
      />
      <div className="grid gap-6">
        {overview.isError ? (
          <ErrorState
            title={errorMessage(overview.error, OVERVIEW_FAILED)}
            onRetry={() => void overview.refetch()}
          />
        ) : null}
        {reportId ? (
          <SavedReport id={reportId} canResolve={canChange} onBack={() => view(null)} />
        ) : overview.data ? (
          <UploadStatement
            warehouses={overview.data.warehouses}
            canSave={canChange}
            onSaved={(report) => view(report.id)}
          />
        ) : overview.isPending ? (
          <LoadingState />
        ) : null}
        <Card title="Saved reports">
          <DataTable
            label="Saved reports"
            columns={savedColumns(view)}
            rows={overview.data?.statements}
            rowKey={(s) => s.id}
            loading={overview.isPending}
            emptyText="No report saved yet."
            // Empty, it holds nothing to focus: its sideways scroll box takes focus (375 px).
            keyboardScroll
          />
        </Card>
      </div>
    </>
  );
}
