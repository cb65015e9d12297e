import { AVATAR_FIELD, uploadAvatarResponse } from '@cask/contracts/profile';
import { api } from '@/lib/api-client.ts';

/**
 * docs/screens/settings.md#api-calls `POST /auth/upload-avatar` (multipart, field avatar): stores
 * the image only and answers data.avatarUrl; the profile changes when it is saved with that URL.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file.name);
  const envelope = await api.post<unknown>('/auth/upload-avatar', form);
  return uploadAvatarResponse.parse(envelope).data.avatarUrl;
}
