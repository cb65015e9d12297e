import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EXPORT_CSV, EXPORT_FAILED, EXPORTING } from '@cask/contracts/lists-plain';
import { errorMessage } from '@/lib/api-client.ts';
import { downloadLink, startExport, useExportState, type ExportParams } from '@/lib/exports.ts';
import { lazyToast } from '@/lib/lazy-toast.ts';
import { Button } from './button.tsx';

/**
 * Issue 29 'Export CSV': the WHOLE list with the screen's current search and filters. A click
 * asks the API for a single-use link and hands it to the browser, whose own download starts at
 * once; the button reads 'Exporting...' until the API says the file was sent whole.
 */
export function ExportCsvButton({
  list,
  params,
  listName,
}: {
  /**
   * The list's name, as its definition gives it (`name` of its `defineList`, the export's route
   * `POST /api/exports/<name>`, decision 374).
   */
  list: string;
  /** The list's filters, as the screen sends them to the list ('' or undefined: unset). */
  params: ExportParams;
  /** Names the button where a screen has two lists, e.g. 'Export CSV (Reward List)'. */
  listName?: string;
}) {
  const [exportId, setExportId] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const state = useExportState(exportId);
  const current = state.data?.state;
  const finished = current === 'done' || current === 'failed' || current === 'expired';

  const settled = finished || state.isError;

  useEffect(() => {
    if (exportId !== null && settled && current !== 'done') lazyToast('error', EXPORT_FAILED);
  }, [exportId, settled, current]);

  const busy = asking || (exportId !== null && !settled);
  return (
    <Button
      variant="secondary"
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={listName ? `${busy ? EXPORTING : EXPORT_CSV} (${listName})` : undefined}
      onClick={async () => {
        setAsking(true);
        try {
          const started = await startExport(list, params);
          setExportId(started.id);
          downloadLink(started.href);
        } catch (error) {
          lazyToast('error', errorMessage(error, EXPORT_FAILED));
        } finally {
          setAsking(false);
        }
      }}
    >
      <Download size={16} aria-hidden />
      {busy ? EXPORTING : EXPORT_CSV}
    </Button>
  );
}
