import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { FieldError, FieldHint, fieldIds, inputClass, labelClass } from './field-parts.tsx';

// A <select> always matches :read-only (it is not a text control), so TextField's read-only tint
// would paint every select grey: drop it here.
const selectClass = inputClass.replace('read-only:bg-cream-100', '');

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** The choices; pass `children` instead for option groups. */
  options?: readonly SelectOption[];
  /** A first, empty choice such as '-- Select a user --' or 'Select User' (value ''). */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Keeps the label for screen readers only, for filters sitting in a toolbar. */
  hideLabel?: boolean;
}

/**
 * A labelled native <select>: keyboard, screen readers and phones handle it well without extra
 * code, and react-hook-form registers it like an input.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  {
    label,
    options,
    placeholder,
    error,
    hint,
    hideLabel = false,
    id,
    className = '',
    children,
    ...props
  },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const { errorId, hintId, describedBy } = fieldIds(selectId, error, hint);
  return (
    <div className={className}>
      <label htmlFor={selectId} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${selectClass} appearance-none pr-9`}
          {...props}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDown
          aria-hidden
          size={16}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-oak-700"
        />
      </div>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
});
