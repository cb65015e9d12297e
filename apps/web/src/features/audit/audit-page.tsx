import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@cask/contracts/audit';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_RECORD_TYPE_LABELS,
  AUDIT_RECORD_TYPES,
  auditActionLabel,
  type AuditRecordType,
} from '@cask/contracts/audit-plain';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CustomerCombobox } from '@/components/ui/customer-combobox.tsx';
import { CellText, type Column } from '@/components/ui/data-table.tsx';
import { lazyModal } from '@/components/ui/lazy-modal.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { PagedTable } from '@/components/ui/paged-table.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { auditParams, useAuditAdminSearch, useAuditPage } from '@/lib/audit-queries.ts';
import { useCan } from '@/lib/current-admin.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import {
  auditDayErrors,
  auditRequest,
  readAuditFilters,
  writeAuditFilters,
} from './audit-filters.ts';
import { approvalText, bulkText } from '@/lib/audit-changes.ts';
import { adminText, recordText } from './audit-text.ts';
import { AuditVerification } from './components/audit-verification.tsx';

// The dialog loads when first opened, keeping the screen inside its JavaScript budget
// (docs/decisions/125).
const AuditEntryModal = lazyModal(
  () => import('./components/audit-entry-modal.tsx').then((m) => m.AuditEntryModal),
  (props) => props.entry !== null,
);
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';

export const SEARCH_DEBOUNCE_MS = 300;
export const FETCH_FAILURE = 'Failed to fetch the audit log.';

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })).sort(
    (a, b) => a.label.localeCompare(b.label),
  ),
];
const TYPE_OPTIONS = [
  { value: '', label: 'All record types' },
  ...AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: AUDIT_RECORD_TYPE_LABELS[type] })),
];

function columns(onOpen: (entry: AuditEntry) => void): Column<AuditEntry>[] {
  return [
    {
      id: 'time',
      header: 'Time',
      cell: (entry) => (
        <button
          type="button"
          onClick={() => onOpen(entry)}
          className="text-left font-medium whitespace-nowrap text-gold-700 underline-offset-2 hover:underline"
        >
          {formatDateTime(entry.time)}
        </button>
      ),
    },
    { id: 'admin', header: 'Admin', cell: (entry) => <CellText>{adminText(entry)}</CellText> },
    {
      id: 'action',
      header: 'Action',
      cell: (entry) => {
        const bulk = bulkText(entry);
        const approval = approvalText(entry);
        return (
          <>
            {auditActionLabel(entry.action)}
            {bulk ? <span className="block text-xs text-oak-700">{bulk}</span> : null}
            {approval ? <span className="block text-xs text-oak-700">{approval}</span> : null}
          </>
        );
      },
    },
    { id: 'record', header: 'Record', cell: (entry) => <CellText>{recordText(entry)}</CellText> },
    { id: 'address', header: 'Address', cell: (entry) => entry.ip ?? '' },
  ];
}

/**
 * Issue 29 'Audit Log' (/audit): every entry, newest first, paged like the other lists; the
 * filters combine and live in the URL, so a filtered view can be reloaded, shared and gone back
 * to. A row's time opens its 'Audit Entry'.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const update = (changes: Partial<typeof filters>) =>
    setParams(writeAuditFilters({ ...filters, page: 1, ...changes }), { replace: true });

  // The typed search reaches the URL once typing pauses; a new search shows page 1.
  useEffect(() => {
    if (search !== filters.search.trim()) update({ search });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text moves
  }, [search]);

  const request = auditRequest(filters);
  const dayErrors = auditDayErrors(filters);
  const daysValid = dayErrors.from === undefined && dayErrors.to === undefined;
  const entries = useAuditPage(request, daysValid);
  const { data, isPending, isFetching, error } = entries;
  const admins = useAuditAdminSearch('', filters.admin !== '');
  const chosenAdmin = admins.data?.find((admin) => admin.id === filters.admin) ?? null;
  const filtered = [...params.keys()].some((name) => name !== 'page');
  const mayVerify = useCan('verifyAuditLog');

  return (
    <>
      <PageHeader
        title="Audit Log"
        actions={<ExportCsvButton list="audit" params={auditParams(request)} />}
      />
      {mayVerify ? <AuditVerification /> : null}
      <Card className="mb-4 p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <CustomerCombobox
            label="Admin"
            placeholder="All admins"
            clearLabel="Clear admin"
            noun="admin"
            value={filters.admin}
            initialOption={chosenAdmin}
            useOptions={useAuditAdminSearch}
            onChange={(admin) => update({ admin })}
          />
          <SelectField
            label="Action"
            options={ACTION_OPTIONS}
            value={filters.action}
            onChange={(event) => update({ action: event.target.value })}
          />
          <SelectField
            label="Record type"
            options={TYPE_OPTIONS}
            value={filters.type}
            onChange={(event) => update({ type: event.target.value as AuditRecordType | '' })}
          />
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            error={dayErrors.from}
            onChange={(event) => update({ from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            error={dayErrors.to}
            onChange={(event) => update({ to: event.target.value })}
          />
          <SearchInput
            label="Search by record id or name"
            showLabel
            placeholder="Record id or name..."
            value={searchText}
            onValueChange={setSearchText}
            maxLength={SEARCH_MAX_LENGTH}
            className="sm:w-full!"
          />
        </div>
        {filtered ? (
          <div className="mt-3 flex justify-end">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearchText('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear filters
            </Button>
          </div>
        ) : null}
      </Card>
      <Card>
        <PagedTable
          failure={
            data === undefined && !isPending
              ? {
                  title: 'Error Loading the Audit Log',
                  message: errorMessage(error, FETCH_FAILURE),
                  onRetry: () => void entries.refetch(),
                }
              : undefined
          }
          label="Audit Log"
          columns={columns(setOpen)}
          rows={daysValid ? data?.entries : []}
          rowKey={(entry) => entry.id}
          loading={daysValid && isPending}
          loadingText="Loading the audit log..."
          skeletonRows={AUDIT_PAGE_SIZE}
          fetching={isFetching}
          emptyText={daysValid ? 'No entries found.' : 'Correct the dates above to see entries.'}
          pagination={daysValid ? data?.pagination : undefined}
          noun="entries"
          paginationLabel="Audit Log pagination"
          onPageChange={(page) =>
            setParams(writeAuditFilters({ ...filters, page }), { replace: false })
          }
          onRefresh={() => void entries.refetch()}
        />
      </Card>
      <AuditEntryModal entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
