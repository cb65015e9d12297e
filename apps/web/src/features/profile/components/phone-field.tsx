import { useId, type ChangeEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import {
  buildCountryData,
  defaultCountries,
  parseCountry,
  usePhoneInput,
  type CountryIso2,
} from 'react-international-phone';
import { FieldError, labelClass } from '@/components/ui/field-parts.tsx';
import { inputClass } from '@/components/ui/text-field.tsx';

const countries = defaultCountries.map(parseCountry);

/**
 * The list the number is read against, without the area codes: with them, the library moves a
 * number to another country of the same dial code by its first digits (Canada picked, a 202
 * number typed: United States; United Kingdom, a 7700 number: Jersey). The admin's country is
 * kept instead; a '+' and another dial code still name another country (decision 195).
 */
const countriesByDialCode = countries.map((country) =>
  buildCountryData({ ...country, areaCodes: undefined }),
);

/** docs/screens/settings.md#personal-information: the mask for countries the list has none for. */
const DEFAULT_MASK = '... ... ... ... ..';

export interface PhoneFieldProps {
  label: string;
  /** E.164-like, e.g. '+15551234567'; '' shows the default country's dial code. */
  value: string;
  onChange: (phone: string) => void;
  onBlur?: () => void;
  readOnly?: boolean;
  error?: string | undefined;
  name?: string;
}

/**
 * docs/screens/settings.md#personal-information: the phone number with a country picker (default
 * country us), formatted by the country's mask. The picker is a native <select> laid over a small
 * "US +1" chip: keyboards, screen readers and phones handle it without extra code, and no flag
 * images are fetched from a CDN (the CSP allows same-origin images only).
 */
export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  readOnly = false,
  error,
  name,
}: PhoneFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { inputValue, handlePhoneValueChange, inputRef, country, setCountry } = usePhoneInput({
    defaultCountry: 'us',
    value,
    countries: countriesByDialCode,
    defaultMask: DEFAULT_MASK,
    onChange: (data) => onChange(data.phone),
  });

  /**
   * Digits typed or pasted without a '+' (the '+1' cleared first) are a number of the chosen
   * country: the library would read them as a dial code and pick a country by it (2025550147:
   * Egypt, +20). The chosen dial code is put in front before the library reads the input.
   */
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const inserted = (event.nativeEvent as InputEvent).inputType?.startsWith('insert') ?? false;
    if (inserted && input.value !== '' && !input.value.includes('+')) {
      const prefix = `+${country.dialCode} `;
      const caret = input.selectionStart ?? input.value.length;
      input.value = `${prefix}${input.value}`;
      input.setSelectionRange(caret + prefix.length, caret + prefix.length);
    }
    handlePhoneValueChange(event);
  };

  return (
    <div>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <div
          className={`relative flex shrink-0 items-center gap-1 rounded-lg max-md:min-h-11 border border-cream-300 px-3 text-sm text-oak-900 focus-within:border-gold-600 focus-within:ring-1 focus-within:ring-gold-600 ${readOnly ? 'bg-cream-100' : 'bg-white'}`}
        >
          <span aria-hidden className="font-medium uppercase">
            {country.iso2}
          </span>
          <span aria-hidden className="text-oak-700">{`+${country.dialCode}`}</span>
          {readOnly ? null : <ChevronDown aria-hidden size={14} className="text-oak-700" />}
          <select
            aria-label="Country"
            value={country.iso2}
            disabled={readOnly}
            onChange={(event) =>
              setCountry(event.target.value as CountryIso2, { focusOnInput: true })
            }
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-default"
          >
            {countries.map((option) => (
              <option key={option.iso2} value={option.iso2}>
                {`${option.name} (+${option.dialCode})`}
              </option>
            ))}
          </select>
        </div>
        <input
          id={inputId}
          ref={inputRef}
          type="tel"
          name={name}
          autoComplete="tel"
          inputMode="tel"
          value={inputValue}
          onChange={onInput}
          onBlur={onBlur}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} min-w-0 flex-1`}
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
