import type { AdminProfile } from '@cask/contracts/auth';
import { updateProfileResponse, type UpdateProfileInput } from '@cask/contracts/profile';
import { api } from '@/lib/api-client.ts';

/**
 * docs/screens/settings.md#api-calls `PUT /auth/profile`: fullName, email, phone, role, avatar;
 * answers data.user.
 */
export async function updateProfile(body: UpdateProfileInput): Promise<AdminProfile> {
  const envelope = await api.put<unknown>('/auth/profile', body);
  return updateProfileResponse.parse(envelope).data.user;
}
