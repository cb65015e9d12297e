import type { AdminProfile } from '@cask/contracts/auth';

/**
 * The profile's form; its check (`profileForm`, in the profile contract) is loaded when the form
 * is first validated (docs/decisions/450).
 */
export interface ProfileForm {
  fullName: string;
  phone: string;
}

export function toProfileForm(profile: AdminProfile): ProfileForm {
  return { fullName: profile.fullName, phone: profile.phone ?? '' };
}
