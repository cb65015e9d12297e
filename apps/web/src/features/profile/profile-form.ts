import { z } from 'zod';
import { PHONE_MAX_DIGITS } from '@cask/contracts/profile';
import type { AdminProfile } from '@cask/contracts/auth';

export const PHONE_TOO_LONG = `Phone number must be at most ${PHONE_MAX_DIGITS} digits`;

export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * docs/screens/settings.md#personal-information: no required rules are shown for the profile; the
 * phone holds digits only, at most 15 (the country mask already keeps letters out). The server
 * checks the rest and answers with field errors (docs/screens/settings.md#texts).
 */
export const profileForm = z.object({
  fullName: z.string(),
  phone: z.string().refine((phone) => digitsOf(phone).length <= PHONE_MAX_DIGITS, PHONE_TOO_LONG),
});
export type ProfileForm = z.infer<typeof profileForm>;

export function toProfileForm(profile: AdminProfile): ProfileForm {
  return { fullName: profile.fullName, phone: profile.phone ?? '' };
}
