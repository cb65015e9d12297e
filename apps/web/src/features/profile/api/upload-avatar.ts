import { AVATAR_FIELD } from '@cask/contracts/plain';
import { api, parsed } from '@/lib/api-client.ts';

/**
 * docs/screens/settings.md#api-calls `POST /auth/upload-avatar` (multipart, field avatar): stores
 * the image only and answers data.avatarUrl; the profile changes when it is saved with that URL.
 * The answer is parsed by its contract, loaded beside the request (docs/decisions/450).
 */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append(AVATAR_FIELD, file, file.name);
  const answer = api.post<unknown>('/auth/upload-avatar', form);
  return (
    await parsed(answer, async () => (await import('@cask/contracts/profile')).uploadAvatarResponse)
  ).data.avatarUrl;
}
