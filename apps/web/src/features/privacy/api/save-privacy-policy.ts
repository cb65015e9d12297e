import { useMutation, useQueryClient } from '@tanstack/react-query';
import { versionHeaders } from '@cask/contracts/common';
import { termsResponse, type TermsDocument } from '@cask/contracts/terms';
import { api } from '@/lib/api-client.ts';
import { privacyPolicyQueryKey } from './get-privacy-policy.ts';

export interface PolicySave {
  content: string;
  /** The updatedAt of the version the editor started from (null: none saved yet). */
  basedOn: string | null;
}

/**
 * docs/screens/privacy-policy.md#api-calls `POST /terms` with `{ type: 'privacy', content }`;
 * answers the stored policy. It names the version it replaces, so a policy another admin saved
 * meanwhile is not silently replaced: the server answers 412 instead (docs/decisions/180, 208).
 */
export async function savePrivacyPolicy({ content, basedOn }: PolicySave): Promise<TermsDocument> {
  const envelope = await api.post<unknown>(
    '/terms',
    { type: 'privacy', content },
    { headers: versionHeaders(basedOn) },
  );
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
