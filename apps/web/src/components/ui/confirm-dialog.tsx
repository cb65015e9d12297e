import { AlertDialog } from 'radix-ui';
import { use, type ReactNode } from 'react';
import { StepUpAsking } from '@/lib/session.ts';
import { Button } from './button.tsx';
import { InlineError } from './error-state.tsx';
import { useReturnFocus } from './return-focus.ts';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. 'Confirm Delete', 'Delete User Account', 'Are you sure?'. */
  title: ReactNode;
  /** e.g. 'Are you sure you want to delete {name}?'. */
  message: ReactNode;
  /** Further content under the message (e.g. 'This action cannot be undone.'). */
  children?: ReactNode;
  confirmLabel?: string;
  /** What the confirm button reads while `busy` (e.g. 'Deleting...'); the confirm label if absent. */
  busyLabel?: string;
  cancelLabel?: string;
  /** 'danger' paints the confirm button red: for deletions. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** A failure to show inside the dialog, in a red box. */
  error?: ReactNode;
  /**
   * Called on confirm. The dialog stays open: the caller closes it (onOpenChange(false)) when the
   * work succeeded, so a failure can be shown here and retried.
   */
  onConfirm: () => void;
}

/**
 * A yes/no question before something that cannot be taken back. Built on Radix AlertDialog:
 * focus starts on Cancel, Escape cancels, the page behind does not scroll
 * (docs/screens/common.md#modals).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  children,
  confirmLabel = 'Confirm',
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  // Hidden while the step-up dialog asks for the password on its behalf (lib/session.ts).
  const covered = use(StepUpAsking) || undefined;
  // While the request runs the question stays on screen: closing it would hide the outcome.
  const handleOpenChange = (next: boolean) => {
    if (busy && !next) return;
    onOpenChange(next);
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={handleOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          hidden={covered}
          className="fixed inset-0 z-40 bg-oak-900/40 backdrop-blur-[1px]"
        />
        <AlertDialog.Content
          {...returnFocus}
          hidden={covered}
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-cream-300 bg-cream-50 p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-oak-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-oak-700">
            {message}
          </AlertDialog.Description>
          {children ? <div className="mt-2 text-sm text-oak-700">{children}</div> : null}
          {error ? (
            <div className="mt-4">
              <InlineError>{error}</InlineError>
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={tone === 'danger' ? 'danger' : 'primary'}
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={(event) => {
                  // Radix closes on Action by default; the caller decides when to close instead.
                  event.preventDefault();
                  if (!busy) onConfirm();
                }}
              >
                {busy ? (
                  <span
                    aria-hidden
                    className="h-4 w-4 animate-spin rounded-full border-2 border-white/50 border-t-white"
                  />
                ) : null}
                {busy && busyLabel ? busyLabel : confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
