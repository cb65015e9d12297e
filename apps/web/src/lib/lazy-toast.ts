/**
 * Toasts raised by a screen that draws without react-hot-toast (decisions 121 and 125): the
 * library is imported on first use; it comes with the screen's modals, so it is usually there.
 */
export function lazyToast(kind: 'success' | 'error', message: string, options?: { id?: string }) {
  void import('react-hot-toast').then(({ default: toast }) => toast[kind](message, options));
}

/**
 * The toast with 'Undo' after a delete or a bulk action (issue 31, lib/undo-toast.tsx), loaded
 * on first use like the other toasts. Undo runs `undo`; its outcome is a toast of its own.
 */
export function lazyUndoToast(
  message: string,
  undo: () => Promise<unknown>,
  outcome: { done: string; failed: (error: unknown) => string },
) {
  void import('./undo-toast.tsx').then(({ undoToast }) =>
    undoToast(message, () => {
      undo().then(
        () => lazyToast('success', outcome.done),
        (error: unknown) => lazyToast('error', outcome.failed(error)),
      );
    }),
  );
}
