import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuditVerification } from '@/lib/audit-queries.ts';

export const VERIFYING = 'Verifying the audit log...';
export const VERIFY_FAILURE = 'Could not verify the audit log.';

/**
 * Issue 45 (docs/screens/audit.md): for Owners, the audit log's hash chain checked by the API,
 * in the line `npm run audit:verify` prints: 'Audit log verified: N entries, last <time>', or the
 * first entry that does not match. 'Verify now' walks the chain again.
 */
export function AuditVerification() {
  const verification = useAuditVerification();
  const { data, error, isFetching } = verification;
  let line: ReactNode;
  if (isFetching) line = <span>{VERIFYING}</span>;
  else if (error)
    line = <span className="text-red-700">{errorMessage(error, VERIFY_FAILURE)}</span>;
  else if (data && !data.verified) line = <strong className="text-red-700">{data.line}</strong>;
  else if (data) line = <span>{data.line}</span>;
  return (
    <Card className="mb-4 flex flex-wrap items-center justify-between gap-3 p-4">
      <section aria-label="Audit log verification" className="min-w-0 flex-1">
        <p role="status" aria-live="polite" className="text-sm break-words text-oak-900">
          {line}
        </p>
      </section>
      <Button
        variant="secondary"
        size="sm"
        disabled={isFetching}
        onClick={() => void verification.refetch()}
      >
        Verify now
      </Button>
    </Card>
  );
}
