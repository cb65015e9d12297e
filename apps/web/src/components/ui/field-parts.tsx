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

/**
 * The look of every text-like control. Here rather than in text-field.tsx so that a select or a
 * search box does not load TextField and PasswordField with it (decision 144).
 */
export const inputClass =
  // On a phone a 44 px target, in 16 px text so the browser does not zoom in on focus (decision 441).
  'max-md:min-h-11 max-md:text-base block w-full rounded-lg border border-cream-300 bg-white px-3 py-2 text-sm text-oak-900 placeholder:text-oak-700/50 focus:border-gold-600 focus:ring-1 focus:ring-gold-600 focus:outline-none disabled:bg-cream-100 read-only:bg-cream-100 aria-[invalid=true]:border-red-600';
