import { Link } from 'react-router';
import { auditActionLabel, type AuditEntry } from '@cask/contracts/audit';
import { ChangeTable } from '@/components/audit/change-table.tsx';
import { Detail, DetailList } from '@/components/ui/detail-list.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { approvalText, bulkText } from '@/lib/audit-changes.ts';
import { formatDateTime } from '@/lib/format.ts';
import { adminText, recordText } from '../audit-text.ts';
import { recordLink } from '../record-link.ts';

/** Issue 29 'Audit Entry': who, when, from where, the action, the record, and the change. */
export function AuditEntryModal({
  entry,
  onClose,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  const link = entry ? recordLink(entry) : null;
  const bulk = entry ? bulkText(entry) : null;
  const approval = entry ? approvalText(entry) : null;
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Audit Entry"
      size="lg"
      readingRegion="Entry details"
    >
      {entry ? (
        <div className="flex flex-col gap-4">
          <DetailList columns={2}>
            <Detail term="Who">
              {adminText(entry)}
              {entry.admin ? (
                <span className="block text-xs font-normal text-oak-700">{entry.admin.email}</span>
              ) : null}
            </Detail>
            <Detail term="When">
              <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>
            </Detail>
            <Detail term="Address">{entry.ip ?? 'Unknown'}</Detail>
            <Detail term="Action">
              {auditActionLabel(entry.action)}
              {bulk ? <span className="block text-xs font-normal text-oak-700">{bulk}</span> : null}
              {approval ? (
                <span className="block text-xs font-normal text-oak-700">{approval}</span>
              ) : null}
            </Detail>
            <Detail term="Browser" wide>
              {entry.userAgent ?? 'Unknown'}
            </Detail>
            <Detail term="Record" wide>
              {link ? (
                <Link to={link} className="text-gold-700 underline hover:text-oak-900">
                  {recordText(entry)}
                </Link>
              ) : (
                recordText(entry)
              )}
              {entry.recordId ? (
                <span className="block text-xs font-normal text-oak-700">{entry.recordId}</span>
              ) : null}
            </Detail>
          </DetailList>
          <section aria-labelledby="audit-entry-change">
            <h3 id="audit-entry-change" className="mb-2 text-sm font-semibold text-oak-900">
              Change
            </h3>
            <ChangeTable entry={entry} />
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
