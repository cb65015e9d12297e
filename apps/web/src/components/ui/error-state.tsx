import type { ReactNode } from 'react';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from './button.tsx';

/**
 * A red panel that says a load failed, e.g. 'Error Loading Users' with the server's message,
 * and offers to try again. role="alert" so it is announced when it replaces the content.
 */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retryLabel = 'Try again',
}: {
  title?: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <TriangleAlert aria-hidden size={20} className="mt-0.5 shrink-0 text-red-700" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {message ? <p className="mt-1 text-sm break-words">{message}</p> : null}
        {onRetry ? (
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
            <RefreshCw size={14} aria-hidden />
            {retryLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The small red box inside a modal for a failed save (docs/screens/common.md#modals). */
export function InlineError({ children }: { children: ReactNode }) {
  return children ? (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {children}
    </p>
  ) : null;
}
