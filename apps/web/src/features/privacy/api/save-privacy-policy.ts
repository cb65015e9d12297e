import { useMutation, useQueryClient } from '@tanstack/react-query';
import { termsResponse, type TermsDocument } from '@cask/contracts/terms';
import { api } from '@/lib/api-client.ts';
import { privacyPolicyQueryKey } from './get-privacy-policy.ts';

/** Spec 001 §7 `POST /terms` with `{ type: 'privacy', content }`; answers the stored policy. */
export async function savePrivacyPolicy(content: string): Promise<TermsDocument> {
  const envelope = await api.post<unknown>('/terms', { type: 'privacy', content });
  return termsResponse.parse(envelope).data;
}

export function useSavePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacyPolicy,
    // The server's sanitized copy is what the page shows from now on.
    onSuccess: (policy) => queryClient.setQueryData(privacyPolicyQueryKey, policy),
  });
}
