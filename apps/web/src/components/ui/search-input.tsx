import { useId, type InputHTMLAttributes } from 'react';
import { Search, X } from 'lucide-react';
import { inputClass } from './field-parts.tsx';

export interface SearchInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  /** The accessible name, e.g. 'Search users'. Visible only when `showLabel` is set. */
  label: string;
  /** The spec's text, e.g. 'Search users by name or email...'. */
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  showLabel?: boolean;
}

/**
 * A labelled search box with a clear button. It reports every keystroke; a list screen pairs it
 * with useUrlSearch (lib/use-list-params.ts), which puts the search in the URL once the typing
 * pauses; elsewhere useDebouncedValue (lib/use-debounced-value.ts) before a query key.
 */
export function SearchInput({
  label,
  placeholder,
  value,
  onValueChange,
  showLabel = false,
  id,
  className = '',
  ...props
}: SearchInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`w-full sm:w-72 ${className}`}>
      <label
        htmlFor={inputId}
        className={showLabel ? 'mb-1 block text-sm font-medium text-oak-900' : 'sr-only'}
      >
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-oak-700"
        />
        <input
          id={inputId}
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              onValueChange('');
            }
          }}
          className={`${inputClass} pr-9 pl-9 max-md:pr-11 [&::-webkit-search-cancel-button]:hidden`}
          {...props}
        />
        {value ? (
          <button
            type="button"
            aria-label="Clear search"
            title="Clear search"
            onClick={() => onValueChange('')}
            className="absolute top-1/2 right-1.5 inline-flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-md text-oak-700 hover:bg-cream-200 hover:text-oak-900 max-md:right-0 max-md:h-11 max-md:w-11"
          >
            <X size={14} aria-hidden />
          </button>
        ) : null}
      </div>
    </div>
  );
}
