import { RefreshCw } from 'lucide-react';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { errorMessage } from '@/lib/api-error.ts';
import { isStaleVersion, type RecordReload } from '@/lib/use-reloadable-record.ts';
import { Button } from './button.tsx';

/**
 * Inside an edit dialog whose save was refused because someone else saved the record since it
 * was opened (412, docs/decisions/208): the server's message and a 'Reload' button that reads
 * the record again and refills the form. Nothing is shown for any other error.
 */
export function StaleRecordAlert({ error, reloader }: { error: unknown; reloader: RecordReload }) {
  if (!isStaleVersion(error)) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <p className="min-w-0 flex-1">
        {errorMessage(error, RECORD_CHANGED_ELSEWHERE)}
        {reloader.failure ? <span className="mt-1 block">{reloader.failure}</span> : null}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={reloader.reload}
        disabled={reloader.reloading}
        aria-busy={reloader.reloading || undefined}
      >
        <RefreshCw size={14} aria-hidden />
        Reload
      </Button>
    </div>
  );
}
