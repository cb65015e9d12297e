import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError, FieldHint, fieldIds, inputClass, labelClass } from './field-parts.tsx';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled multi-line input (notes, messages), with its error under it like TextField. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, id, className = '', rows = 4, ...props }, ref) {
    const generated = useId();
    const textareaId = id ?? generated;
    const { errorId, hintId, describedBy } = fieldIds(textareaId, error, hint);
    return (
      <div className={className}>
        <label htmlFor={textareaId} className={labelClass}>
          {label}
        </label>
        <textarea
          ref={ref}
          id={textareaId}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} resize-y`}
          {...props}
        />
        <FieldHint id={hintId}>{hint}</FieldHint>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    );
  },
);
