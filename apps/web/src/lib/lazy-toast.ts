/**
 * Toasts raised by a screen that draws without react-hot-toast (decisions 121 and 125): the
 * library is imported on first use; it comes with the screen's modals, so it is usually there.
 */
export function lazyToast(kind: 'success' | 'error', message: string, options?: { id?: string }) {
  void import('react-hot-toast').then(({ default: toast }) => toast[kind](message, options));
}
