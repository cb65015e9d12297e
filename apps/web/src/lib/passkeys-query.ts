import { useQuery } from '@tanstack/react-query';
import { api, parsed } from './api-client.ts';

/**
 * The signed-in admin's passkeys (issue 28), read by the Security screen, the step-up dialog and
 * Change Password (which offers to remove them only when there are some). The answer is parsed by
 * its contract, loaded beside the request (docs/decisions/450).
 */
export const passkeysQueryKey = ['security', 'passkeys'] as const;

export function usePasskeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: passkeysQueryKey,
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>('/security/passkeys'),
          async () => (await import('@cask/contracts/security')).passkeysResponse,
        )
      ).data.passkeys,
  });
}
