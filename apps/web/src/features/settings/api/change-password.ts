import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordResponse,
  type ChangePasswordBody,
  type TokenPair,
} from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';
import { storeSession } from '@/lib/session.ts';

/**
 * docs/screens/settings.md#api-calls `POST /auth/change-password`. The server ends every session of
 * the admin and hands this browser a fresh token pair (docs/architecture.md#authentication), so it stays signed in by
 * storing it.
 */
export async function changePassword(body: ChangePasswordBody): Promise<TokenPair> {
  const envelope = await api.post<unknown>('/auth/change-password', body);
  return changePasswordResponse.parse(envelope).data;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => {
      storeSession(tokens);
      // The Security screen's sessions and passkeys (its queries sit under 'security') changed.
      void queryClient.invalidateQueries({ queryKey: ['security'] });
    },
  });
}
