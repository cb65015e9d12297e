import { queryOptions, useQuery } from '@tanstack/react-query';
import { termsResponse, type TermsDocument } from '@cask/contracts/terms';
import { api } from '@/lib/api-client.ts';

export const privacyPolicyQueryKey = ['terms', 'privacy'] as const;

/**
 * `GET /terms?type=privacy` (docs/architecture.md#envelope): content is null until a policy is
 * first saved.
 */
export async function getPrivacyPolicy(): Promise<TermsDocument> {
  const envelope = await api.get<unknown>('/terms', { params: { type: 'privacy' } });
  return termsResponse.parse(envelope).data;
}

export const privacyPolicyQuery = () =>
  queryOptions({ queryKey: privacyPolicyQueryKey, queryFn: getPrivacyPolicy });

export function usePrivacyPolicy() {
  return useQuery(privacyPolicyQuery());
}
