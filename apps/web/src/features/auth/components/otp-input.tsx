import {
  useImperativeHandle,
  useRef,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';

export interface OtpInputHandle {
  /** Moves focus to a box (the first by default) and selects its digit. */
  focus: (index?: number) => void;
}

export interface OtpInputProps {
  /** One entry per box: a single digit or ''. Its length is the number of boxes. */
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  ref?: Ref<OtpInputHandle>;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * The one-time code as single-digit boxes (docs/screens/password-recovery.md): a digit moves focus
 * to the next box, Backspace on an empty box moves to the previous one, anything but a digit is
 * ignored, and a pasted (or autofilled) whole code fills every box wherever it lands.
 */
export function OtpInput({ digits, onChange, disabled = false, ref }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = digits.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  const setDigit = (index: number, digit: string) =>
    onChange(digits.map((current, at) => (at === index ? digit : current)));

  /** Writes `code` from box `start` on; a whole code always starts at the first box. */
  const fill = (start: number, code: string) => {
    const from = code.length >= length ? 0 : start;
    const next = [...digits];
    for (const [offset, digit] of [...code.slice(0, length - from)].entries()) {
      next[from + offset] = digit;
    }
    onChange(next);
    focusBox(Math.min(from + code.length, length - 1));
  };

  const handleChange = (index: number, input: HTMLInputElement) => {
    const value = input.value;
    if (value === '') return setDigit(index, '');
    // A letter or sign typed into a box changes nothing (the controlled box keeps its digit).
    if (/\D/.test(value)) return;
    // Browsers autofill `one-time-code` into the first box as one string.
    if (value.length >= length) return fill(0, value);
    // Typed into a box that already held a digit: keep the one just typed, left of the caret.
    const caret = input.selectionStart ?? value.length;
    const typed = value.length === 1 ? value : (value[caret - 1] ?? value.slice(-1));
    setDigit(index, typed);
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    // "Your code is 1234" or "12 34" still give the code; text without digits changes nothing.
    const code = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (code) fill(index, code);
  };

  return (
    <fieldset className="flex justify-center gap-3 sm:gap-4" disabled={disabled}>
      <legend className="sr-only">One-time code</legend>
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder: the position is the identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${length}`}
          value={digit}
          onChange={(event) => handleChange(index, event.currentTarget)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          className="h-14 w-12 rounded-xl border border-cream-300 bg-white text-center text-2xl font-semibold text-oak-900 shadow-sm focus:border-gold-600 focus:ring-1 focus:ring-gold-600 focus:outline-none disabled:bg-cream-100 sm:h-16 sm:w-14"
        />
      ))}
    </fieldset>
  );
}
