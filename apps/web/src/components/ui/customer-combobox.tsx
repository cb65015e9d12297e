import { ChevronDown, X } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  CUSTOMER_SEARCH_DEBOUNCE_MS,
  useCustomerSearch,
  type CustomerOption,
} from '@/lib/customer-search.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { FieldError, fieldIds, labelClass } from './field-parts.tsx';
import { inputClass } from './text-field.tsx';

/**
 * docs/screens/casks.md#add-new-cask: the cask owner's options read 'name (email)'; so does the
 * chosen one.
 */
export const customerOptionLabel = (option: CustomerOption) =>
  `${option.fullName} (${option.email})`;

export interface CustomerComboboxProps {
  label: string;
  /** What the empty field reads, e.g. '-- Select a user --' or 'Select User'. */
  placeholder: string;
  /** The accessible name of the button that clears the choice, e.g. 'Clear recipient'. */
  clearLabel: string;
  /** The chosen customer's id, '' when none. */
  value: string;
  /** The chosen customer's id ('' when cleared), with the option chosen. */
  onChange: (id: string, option?: CustomerOption) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
  /**
   * Where the options come from: customers by default (GET /users?search=); the Audit Log's
   * Admin filter passes its admins, which have the same shape.
   */
  useOptions?: (
    search: string,
    enabled: boolean,
  ) => {
    data?: CustomerOption[] | undefined;
    isFetching: boolean;
    isError: boolean;
  };
  /** What the status line counts: 'user' by default. */
  noun?: string;
  /** The chosen option when it came from elsewhere (a filter read from the URL). */
  initialOption?: CustomerOption | null | undefined;
  /**
   * What shows under the field once a customer is chosen, e.g. their name linked to their page
   * (issue 30: the owner picker's choice opens the customer page).
   */
  renderChosen?: (option: CustomerOption) => ReactNode;
}

/**
 * A customer field (the notification Recipient, the cask Owner): a searchable picker over the
 * club's customers (GET /users?search=, by name or e-mail, 250 ms after typing) instead of a
 * plain select, because the customer list is long and paged; it never loads them all.
 * Built on the ARIA 1.2 combobox pattern (docs/decisions/083, 147): type to search, ArrowDown and
 * ArrowUp to move, Enter to choose, Escape to close the list (not the modal).
 */
export function CustomerCombobox({
  label,
  placeholder,
  clearLabel,
  value,
  onChange,
  onBlur,
  error,
  name,
  useOptions = useCustomerSearch,
  noun = 'user',
  initialOption,
  renderChosen,
}: CustomerComboboxProps) {
  const inputId = useId();
  const listboxId = `${inputId}-listbox`;
  const labelId = `${inputId}-label`;
  const { errorId, describedBy } = fieldIds(inputId, error, undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  const [text, setText] = useState('');
  const [selected, setSelected] = useState<CustomerOption | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  // A form reset (value back to '') forgets the chosen customer too.
  const given = initialOption && initialOption.id === value ? initialOption : null;
  const chosen = selected && selected.id === value ? selected : given;
  const shown = chosen && !selected ? customerOptionLabel(chosen) : text;
  const typed = chosen ? '' : text;
  const search = useDebouncedValue(typed, CUSTOMER_SEARCH_DEBOUNCE_MS);
  const results = useOptions(search, open);
  const options = results.data ?? [];
  const settling = typed.trim() !== search.trim() || (results.isFetching && !results.data);

  const activeOption = open && activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  useCloseListOnEscape(open, inputRef, setOpen, setActiveIndex);
  useActiveOptionInView(open, activeIndex, inputId);

  function choose(option: CustomerOption) {
    setSelected(option);
    setText(customerOptionLabel(option));
    setOpen(false);
    setActiveIndex(-1);
    onChange(option.id, option);
  }

  function clear() {
    setSelected(null);
    setText('');
    setActiveIndex(-1);
    onChange('');
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActiveIndex(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted customer; it must not submit the form meanwhile.
      if (open && activeOption) {
        event.preventDefault();
        choose(activeOption);
      } else if (open) {
        event.preventDefault();
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div>
      <label id={labelId} htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            setSelected(null);
            setOpen(true);
            setActiveIndex(-1);
            if (value) onChange('');
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
            onBlur?.();
          }}
          className={`${inputClass} pr-16`}
        />
        <ClearAndOpenMarks chosen={chosen !== null} clearLabel={clearLabel} onClear={clear} />
      </div>
      <OptionList
        listboxId={listboxId}
        labelId={labelId}
        open={open}
        options={options}
        activeIndex={activeIndex}
        optionId={optionId}
        onChoose={choose}
        onActivate={setActiveIndex}
        status={settling ? 'settling' : results.isError ? 'failed' : 'done'}
        noun={noun}
      />
      {chosen && renderChosen ? (
        <p className="mt-1 text-sm text-oak-700">{renderChosen(chosen)}</p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * Radix closes the modal on Escape from a capturing listener on the document; a capturing
 * listener on the window runs first, so an open list can swallow the key and close itself.
 */
function useCloseListOnEscape(
  open: boolean,
  inputRef: RefObject<HTMLInputElement | null>,
  setOpen: (open: boolean) => void,
  setActiveIndex: (index: number) => void,
) {
  useEffect(() => {
    if (!open) return;
    const closeListOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== inputRef.current) return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    };
    window.addEventListener('keydown', closeListOnEscape, true);
    return () => window.removeEventListener('keydown', closeListOnEscape, true);
  }, [open, inputRef, setOpen, setActiveIndex]);
}

/** Arrow keys move the highlight; keep it in view inside the scrolling list. */
function useActiveOptionInView(open: boolean, activeIndex: number, inputId: string) {
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(`${inputId}-option-${activeIndex}`)?.scrollIntoView?.({
      block: 'nearest',
    });
  }, [open, activeIndex, inputId]);
}

/** The options found and the status line that counts them; shown only while the list is open. */
function OptionList({
  listboxId,
  labelId,
  open,
  options,
  activeIndex,
  optionId,
  onChoose,
  onActivate,
  status,
  noun,
}: {
  listboxId: string;
  labelId: string;
  open: boolean;
  options: CustomerOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  onChoose: (option: CustomerOption) => void;
  onActivate: (index: number) => void;
  status: 'settling' | 'failed' | 'done';
  noun: string;
}) {
  const statusText =
    status === 'settling'
      ? 'Searching...'
      : status === 'failed'
        ? `Could not load ${noun}s. Try again.`
        : options.length === 0
          ? `No ${noun}s found`
          : `${options.length} ${options.length === 1 ? noun : `${noun}s`} found`;
  return (
    // In the flow, not floating: inside a scrolling modal a floating list would be cut off.
    <div
      className={
        open
          ? 'mt-1 overflow-hidden rounded-lg border border-cream-300 bg-white shadow-sm'
          : 'hidden'
      }
    >
      <ul
        id={listboxId}
        role="listbox"
        aria-labelledby={labelId}
        className="max-h-56 overflow-y-auto py-1"
      >
        {open
          ? options.map((option, index) => (
              // Keyboard users choose through the input (aria-activedescendant, the ARIA
              // combobox pattern); options never take focus, so they need no key handler.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keep the focus in the input, so the list does not close before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(option)}
                onMouseEnter={() => onActivate(index)}
                className={`cursor-pointer px-3 py-2 text-sm ${index === activeIndex ? 'bg-cream-200' : ''}`}
              >
                <span className="block font-medium text-oak-900">{option.fullName}</span>
                <span className="block text-xs break-all text-oak-700">{option.email}</span>
              </li>
            ))
          : null}
      </ul>
      {open ? (
        <p role="status" className="border-t border-cream-200 px-3 py-1.5 text-xs text-oak-700">
          {statusText}
        </p>
      ) : null}
    </div>
  );
}

/** The button that clears the choice (once there is one), and the list's arrow. */
function ClearAndOpenMarks({
  chosen,
  clearLabel,
  onClear,
}: {
  chosen: boolean;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <span className="absolute inset-y-0 right-1 flex items-center gap-0.5">
      {chosen ? (
        <button
          type="button"
          aria-label={clearLabel}
          title={clearLabel}
          onClick={onClear}
          className="inline-flex h-7 w-7 items-center justify-center rounded-md text-oak-700 hover:bg-cream-200 hover:text-oak-900"
        >
          <X size={14} aria-hidden />
        </button>
      ) : null}
      <ChevronDown aria-hidden size={16} className="pointer-events-none mr-2 text-oak-700" />
    </span>
  );
}
