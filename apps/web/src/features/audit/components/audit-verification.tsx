import type { ReactNode } from 'react';
import { auditVerificationLine } from '@cask/contracts/audit-plain';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAuditVerification } from '@/lib/audit-queries.ts';
import { formatDateTime } from '@/lib/format.ts';

export const VERIFYING = 'Verifying the audit log...';
export const VERIFY_FAILURE = 'Could not verify the audit log.';

/**
 * Issue 45 (docs/screens/audit.md): for Owners, the audit log's hash chain checked by the API,
 * in the words `npm run audit:verify` prints, 'Audit log verified: N entries, last <time>', or the
 * first entry that does not match, its times written as the screen's other times (decision 435).
 * 'Verify now' walks the chain again; while it walks, the button reads 'Verifying...' and a click
 * asks nothing more. It stays enabled, so its colours never fade (axe's contrast, decision 435).
 */
export function AuditVerification() {
  const verification = useAuditVerification();
  const { data, error, isFetching } = verification;
  const shown = data ? verificationText(data) : undefined;
  let line: ReactNode;
  if (isFetching) line = <span>{VERIFYING}</span>;
  else if (error)
    line = <span className="text-red-700">{errorMessage(error, VERIFY_FAILURE)}</span>;
  else if (shown) line = shown;
  return (
    <Card className="mb-4 flex flex-wrap items-center justify-between gap-3 p-4">
      <section
        aria-label="Audit log verification"
        className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)]"
      >
        {/*
          Issue 47: while the API walks the chain the line keeps the room of the answer, the last
          one or a usual one on the first walk (two lines on a phone, one on a wide screen),
          unseen and unread, so nothing on the screen moves when it comes.
        */}
        {isFetching ? (
          <span aria-hidden className="invisible col-start-1 row-start-1 text-sm break-words">
            {shown ?? verificationText(USUAL_ANSWER)}
          </span>
        ) : null}
        <p
          role="status"
          aria-live="polite"
          className="col-start-1 row-start-1 text-sm break-words text-oak-900"
        >
          {line}
        </p>
      </section>
      <Button
        variant="secondary"
        size="sm"
        aria-busy={isFetching}
        onClick={() => {
          if (!isFetching) void verification.refetch();
        }}
      >
        {isFetching ? 'Verifying...' : 'Verify now'}
      </Button>
    </Card>
  );
}

/** An answer of the usual length: what the line makes room for before the first answer. */
const USUAL_ANSWER = {
  verified: true,
  entries: 1000,
  lastAt: '2026-12-28T12:00:00.000Z',
  mismatch: null,
} satisfies Parameters<typeof auditVerificationLine>[0];

function verificationText(verification: Parameters<typeof auditVerificationLine>[0]) {
  const text = auditVerificationLine(verification, formatDateTime);
  return verification.verified ? (
    <span>{text}</span>
  ) : (
    <strong className="text-red-700">{text}</strong>
  );
}
