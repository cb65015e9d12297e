import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { inputClass } from './field-parts.tsx';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** Shown under the field in red and announced; ties to the input by aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
}

export { inputClass };

/** A labelled input with its error under it: every input in the app has a label tied to it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-oak-900">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-oak-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/** A password input with a 'Show password' / 'Hide password' toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField({ label, error, hint, id, className = '', ...props }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    const errorId = `${inputId}-error`;
    const hintId = `${inputId}-hint`;
    const describedBy =
      [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
    const [visible, setVisible] = useState(false);
    return (
      <div className={className}>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-oak-900">
          {label}
        </label>
        <div className="relative">
          <input
            ref={ref}
            id={inputId}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${inputClass} pr-10`}
            {...props}
          />
          <button
            type="button"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-oak-700 hover:text-oak-900 max-md:w-11"
          >
            {visible ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
          </button>
        </div>
        {hint ? (
          <p id={hintId} className="mt-1 text-xs text-oak-700">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);

/** What a code that is not six digits is told, before anything is sent. */
export const AUTHENTICATION_CODE_INVALID = 'Enter the 6-digit code from your authenticator app';

/** Whether the typed code (trimmed) has the shape of an authenticator app's code. */
export const isAuthenticationCode = (typed: string) => /^\d{6}$/.test(typed.trim());

/**
 * Issue 28: the 6-digit code from an authenticator app, wherever it is asked for (the second
 * step of the sign-in, the step-up dialog, turning two-factor on and off): one label, and the
 * keyboard and autofill hints that let a phone offer the code. It lives beside TextField so the
 * sign-in page loads no extra file (its JavaScript budget, decision 121).
 */
export function AuthenticationCodeField(
  props: Omit<TextFieldProps, 'label' | 'inputMode' | 'autoComplete' | 'maxLength'>,
) {
  return (
    <TextField
      label="Authentication code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}
