import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, FieldHint, fieldIds } from './field-parts.tsx';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A checkbox with its label beside it (e.g. 'Is Global'); the whole label is clickable. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, error, hint, id, className = '', ...props }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    const { errorId, hintId, describedBy } = fieldIds(inputId, error, hint);
    return (
      <div className={className}>
        <div className="flex items-center gap-2">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="h-4 w-4 rounded border-cream-300 accent-gold-600"
            {...props}
          />
          <label htmlFor={inputId} className="text-sm font-medium text-oak-900 select-none">
            {label}
          </label>
        </div>
        <FieldHint id={hintId}>{hint}</FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  },
);
