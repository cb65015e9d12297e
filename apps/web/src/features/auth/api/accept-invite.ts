import {
  acceptInviteResponse,
  inviteDetailsResponse,
  type AcceptInviteBody,
  type InviteDetails,
} from '@cask/contracts/admins';
import type { TokenPair } from '@cask/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * `GET /auth/accept-invite` (issue 41): the invite a link opens (its e-mail, role and inviter),
 * asked when the page opens; a spent, withdrawn or expired link answers 404.
 */
export async function fetchInviteDetails(token: string): Promise<InviteDetails> {
  const envelope = await api.get<unknown>('/auth/accept-invite', { params: { token } });
  return inviteDetailsResponse.parse(envelope).data;
}

/** The page's question about its link, asked once: a dead link stays dead. */
export const inviteDetailsQuery = (token: string) =>
  queryOptions({
    queryKey: ['accept-invite', token],
    queryFn: () => fetchInviteDetails(token),
    enabled: token !== '',
    // Asking again would only spend the address's rate limit.
    retry: false,
    staleTime: Infinity,
  });

/** `POST /auth/accept-invite` (issue 28): sets the invitee's password and signs them in. */
export async function acceptInvite(body: AcceptInviteBody): Promise<TokenPair> {
  const envelope = await api.post<unknown>('/auth/accept-invite', body);
  return acceptInviteResponse.parse(envelope).data;
}
