import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isUuid } from '@cask/contracts/lists-plain';
import { errorMessage } from './api-client.ts';
import { lazyToast } from './lazy-toast.ts';

/**
 * The URL's parameter naming the record whose edit dialog a list screen opens (issue 29, decision
 * 223): `/orders?open=<id>`. The Audit Entry links an offer, order or referral this way, so the
 * link lands on that record (its dialog, with its History), not on a search for its name.
 */
export const OPEN_PARAM = 'open';

/** The list screen's path with the record's edit dialog open. */
export function openRecordPath(path: string, id: string): string {
  return `${path}?${new URLSearchParams({ [OPEN_PARAM]: id }).toString()}`;
}

/**
 * The record named by `?open=<id>`, read by `fetch` (the dialog's own single read), or null while
 * there is none. Closing the dialog removes the parameter (replacing the history entry, so Back
 * does not open it again); a record that cannot be read (deleted, or no such id) says why in a
 * toast and is closed. `enabled` is false where the admin is offered no change (a Viewer).
 */
export function useLinkedRecord<Item>(
  key: string,
  fetch: (id: string) => Promise<Item>,
  enabled = true,
) {
  const [params, setParams] = useSearchParams();
  const text = params.get(OPEN_PARAM);
  const id = text !== null && isUuid(text) ? text : null;
  const record = useQuery({
    queryKey: [key, 'linked', id],
    queryFn: () => fetch(id!),
    enabled: enabled && id !== null,
    retry: false,
    gcTime: 0,
  });

  const close = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );

  const failed = record.isError;
  useEffect(() => {
    if (!failed) return;
    lazyToast('error', errorMessage(record.error, 'The record could not be opened.'));
    close();
    // Once per failure; `close` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  return { record: enabled && id !== null ? (record.data ?? null) : null, close };
}
