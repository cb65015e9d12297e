import toast from 'react-hot-toast';

/** docs/architecture.md#deletes: a delete or a bulk action can be undone for this long. */
export const UNDO_WINDOW_MS = 10_000;

/** What a failed undo says when the server gives no reason of its own. */
export const UNDO_FAILURE = 'Failed to undo the change.';

/**
 * The toast after a delete or a bulk action (issue 31): what was done and an 'Undo' button, for
 * ten seconds. Undo closes the toast and runs `undo`.
 */
export function undoToast(message: string, undo: () => void) {
  toast(
    (shown) => (
      <span className="flex items-center gap-3">
        <span>{message}</span>
        <button
          type="button"
          className="rounded-md border border-gold-400 px-2.5 py-1 text-sm font-semibold text-oak-900 hover:bg-cream-200"
          onClick={() => {
            toast.dismiss(shown.id);
            undo();
          }}
        >
          Undo
        </button>
      </span>
    ),
    { duration: UNDO_WINDOW_MS },
  );
}
