import type { ReactNode } from 'react';

/**
 * The label/hint/error plumbing the labelled fields share (select, textarea, checkbox), built the
 * same way as TextField: the error is announced and tied to its control by aria-describedby.
 */
export function fieldIds(id: string, error: unknown, hint: unknown) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return { errorId, hintId, describedBy: describedBy || undefined };
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-xs text-oak-700">
      {children}
    </p>
  ) : null;
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert">
      {children}
    </p>
  ) : null;
}

export const labelClass = 'mb-1 block text-sm font-medium text-oak-900';
