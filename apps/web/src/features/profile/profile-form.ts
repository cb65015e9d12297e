import { z } from 'zod';
import { defaultCountries, parseCountry } from 'react-international-phone';
import { PHONE_MAX_DIGITS } from '@cask/contracts/profile';
import type { AdminProfile } from '@cask/contracts/auth';

export const PHONE_TOO_LONG = `Phone number must be at most ${PHONE_MAX_DIGITS} digits`;

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * Spec 000 §5: no required rules are shown for the profile; the phone holds digits only, at most
 * 15 (the country mask already keeps letters out). The server checks the rest and answers with
 * field errors (spec 000 §8).
 */
export const profileForm = z.object({
  fullName: z.string(),
  phone: z.string().refine((phone) => digitsOf(phone).length <= PHONE_MAX_DIGITS, PHONE_TOO_LONG),
});
export type ProfileForm = z.infer<typeof profileForm>;

export function toProfileForm(profile: AdminProfile): ProfileForm {
  return { fullName: profile.fullName, phone: profile.phone ?? '' };
}

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
