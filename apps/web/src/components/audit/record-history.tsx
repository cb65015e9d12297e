import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { auditActionLabel, type AuditRecordType } from '@cask/contracts/audit';
import { actorText, approvalText, changeSummary } from '@/lib/audit-changes.ts';
import { auditQuery } from '@/lib/audit-queries.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';

/** How many of a record's latest changes its History lists; the Audit Log has them all. */
export const HISTORY_SIZE = 10;

/**
 * Issue 29: the 'History' section of an edit dialog, read from the audit log: the record's
 * changes, newest first, each with its time, its admin and what changed. One line in each dialog.
 */
export function RecordHistory({
  recordType,
  recordId,
  className = '',
}: {
  recordType: AuditRecordType;
  recordId: string;
  /** E.g. a grid span in a two-column form. */
  className?: string;
}) {
  const headingId = useId();
  const history = useQuery(
    auditQuery({
      page: 1,
      limit: HISTORY_SIZE,
      search: '',
      admin: '',
      action: '',
      recordType,
      recordId,
      from: '',
      to: '',
    }),
  );
  const entries = history.data?.entries;
  const total = history.data?.pagination.total ?? 0;
  return (
    <section aria-labelledby={headingId} className={`mt-2 ${className}`}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-oak-900">
        History
      </h3>
      {history.isPending ? (
        <p className="text-sm text-oak-700">Loading history...</p>
      ) : history.isError ? (
        <p className="text-sm text-red-700">
          {errorMessage(history.error, 'Failed to load the history.')}
        </p>
      ) : !entries || entries.length === 0 ? (
        <p className="text-sm text-oak-700">No changes recorded yet.</p>
      ) : (
        <>
          <ol className="divide-y divide-cream-200 rounded-xl border border-cream-300 bg-white">
            {entries.map((entry) => {
              const approval = approvalText(entry);
              return (
                <li key={entry.id} className="px-3 py-2 text-sm">
                  <div className="flex flex-wrap justify-between gap-x-3 text-xs text-oak-700">
                    <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>
                    <span>{actorText(entry)}</span>
                  </div>
                  <p className="font-medium text-oak-900">{auditActionLabel(entry.action)}</p>
                  {approval ? <p className="text-xs text-oak-700">{approval}</p> : null}
                  <p className="[overflow-wrap:anywhere] text-oak-700">{changeSummary(entry)}</p>
                </li>
              );
            })}
          </ol>
          {total > entries.length ? (
            <p className="mt-1 text-xs text-oak-700">
              The latest {entries.length} of {total} changes; the Audit Log lists them all.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
