import { useState } from 'react';
import { ApiError, errorMessage } from './api-error.ts';

/** A failed reload has no text of its own in docs/screens/common.md#error-texts: our words. */
export const RELOAD_FAILURE = 'Could not reload the record. Try again.';

/** A save refused because the record was saved since the version it named (decision 208). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

export interface RecordReload {
  /** Reads the record again; the dialog then starts over from it. */
  reload: () => void;
  reloading: boolean;
  /** Why the last reload failed, or null. */
  failure: string | null;
}

/**
 * The record an edit dialog works on (docs/decisions/208): the one it was opened with, until the
 * admin chooses to reload it after a save was refused as stale; then the current one, read again
 * with `load` (the record's single read). Key the form by `generation`, which moves with each
 * reload, so a reload refills it and nothing the admin typed is replaced before they ask for it.
 */
export function useReloadableRecord<T extends { version: string } | null>(
  opened: T,
  load: () => Promise<T>,
  /** Refills a form that is not keyed (one that must keep its dialog mounted). */
  onReloaded?: (record: T) => void,
): { current: T; generation: number; reloader: RecordReload } {
  // The record as the dialog was opened with it, kept while the list behind refetches: the
  // form's values and the version it names must be of the same record.
  const [initial] = useState(opened);
  const [reloaded, setReloaded] = useState<{ record: T; generation: number } | null>(null);
  const [reloading, setReloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = () => {
    setReloading(true);
    setFailure(null);
    load()
      .then((record) => {
        setReloaded((last) => ({ record, generation: (last?.generation ?? 0) + 1 }));
        onReloaded?.(record);
      })
      .catch((error: unknown) => setFailure(errorMessage(error, RELOAD_FAILURE)))
      .finally(() => setReloading(false));
  };
  return {
    current: reloaded?.record ?? initial,
    generation: reloaded?.generation ?? 0,
    reloader: { reload, reloading, failure },
  };
}
