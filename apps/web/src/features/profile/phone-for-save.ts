import { defaultCountries, parseCountry } from 'react-international-phone';
import { digitsOf } from '@cask/contracts/profile';

// With react-international-phone's country list: imported by a save, not with the page
// (docs/decisions/125).
const dialCodes = new Set(defaultCountries.map((country) => parseCountry(country).dialCode));

/**
 * The phone input always shows the country's dial code ('+1'), so an untouched field is not a
 * number: send '' (the server stores null). Otherwise '+' and digits, as the server expects.
 */
export function phoneForSave(phone: string): string {
  const digits = digitsOf(phone);
  if (digits === '' || dialCodes.has(digits)) return '';
  return `+${digits}`;
}
