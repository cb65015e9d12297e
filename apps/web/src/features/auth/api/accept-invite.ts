import { acceptInviteResponse, type AcceptInviteBody } from '@cask/contracts/admins';
import type { TokenPair } from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';

/** `POST /auth/accept-invite` (issue 28): sets the invitee's password and signs them in. */
export async function acceptInvite(body: AcceptInviteBody): Promise<TokenPair> {
  const envelope = await api.post<unknown>('/auth/accept-invite', body);
  return acceptInviteResponse.parse(envelope).data;
}
