import { useQuery } from '@tanstack/react-query';
import { passkeysResponse } from '@cask/contracts/security';
import { api } from './api-client.ts';

/**
 * The signed-in admin's passkeys (issue 28), read by the Security screen, the step-up dialog and
 * Change Password (which offers to remove them only when there are some).
 */
export const passkeysQueryKey = ['security', 'passkeys'] as const;

export function usePasskeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: passkeysQueryKey,
    queryFn: async () =>
      passkeysResponse.parse(await api.get<unknown>('/security/passkeys')).data.passkeys,
  });
}
