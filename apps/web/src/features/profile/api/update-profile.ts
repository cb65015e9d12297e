import type { AdminProfile } from '@cask/contracts/auth';
import type { UpdateProfileInput } from '@cask/contracts/profile';
import { api, parsed } from '@/lib/api-client.ts';

/**
 * docs/screens/settings.md#api-calls `PUT /auth/profile`: fullName, email, phone, role, avatar;
 * answers data.user (parsed by its contract, loaded beside the request: docs/decisions/450).
 */
export async function updateProfile(body: UpdateProfileInput): Promise<AdminProfile> {
  const answer = api.put<unknown>('/auth/profile', body);
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/profile')).updateProfileResponse,
    )
  ).data.user;
}
