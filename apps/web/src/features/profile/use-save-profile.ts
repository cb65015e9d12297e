import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from '@cask/contracts/auth';
import { profileQueryKey } from '@/lib/current-admin.ts';
import { updateProfile } from './api/update-profile.ts';
import { uploadAvatar } from './api/upload-avatar.ts';
import type { ProfileForm } from './profile-form.ts';

/** The upload step failed: docs/screens/settings.md#texts has its own message for it. */
export class AvatarUploadError extends Error {
  constructor(readonly reason: unknown) {
    super('Failed to upload avatar. Please try again.');
    this.name = 'AvatarUploadError';
  }
}

export interface SaveProfileInput {
  profile: AdminProfile;
  values: ProfileForm;
  /** A newly chosen image, uploaded first. */
  file: File | null;
  /** The avatar to keep when no file is chosen: the saved URL, or null for the placeholder. */
  avatar: string | null;
}

/**
 * docs/screens/settings.md#personal-information: upload the chosen file first (`POST
 * /auth/upload-avatar`), then save the profile with the returned URL (`PUT /auth/profile`). E-mail
 * and role go back unchanged.
 */
export async function saveProfile({
  profile,
  values,
  file,
  avatar,
}: SaveProfileInput): Promise<AdminProfile> {
  let avatarUrl = avatar;
  if (file) {
    try {
      avatarUrl = await uploadAvatar(file);
    } catch (error) {
      throw new AvatarUploadError(error);
    }
  }
  const { phoneForSave } = await import('./phone-for-save.ts');
  return updateProfile({
    fullName: values.fullName,
    email: profile.email,
    phone: phoneForSave(values.phone),
    role: profile.role,
    avatar: avatarUrl,
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    // The header reads the same query: its name and avatar change with the save.
    onSuccess: (user) => queryClient.setQueryData(profileQueryKey, user),
  });
}
