import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyBody, ReauthenticateBody, TotpDisableBody } from '@cask/contracts/security';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { api, parsed } from '@/lib/api-client.ts';

// Settings -> Security (issue 28): the calls of apps/api/src/modules/auth/security.routes.ts.
// Each answer is parsed by its contract, loaded beside the request (docs/decisions/450).

export const securityQueryKey = ['security'] as const;
export const sessionsQueryKey = ['security', 'sessions'] as const;

export const securityOverviewQuery = () =>
  queryOptions({
    queryKey: securityQueryKey,
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>('/security'),
          async () => (await import('@cask/contracts/security')).securityOverviewResponse,
        )
      ).data,
  });

export function useSecurityOverview() {
  return useQuery(securityOverviewQuery());
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () =>
      (
        await parsed(
          api.get<unknown>('/security/sessions'),
          async () => (await import('@cask/contracts/security')).sessionsResponse,
        )
      ).data.sessions,
  });
}

export async function reauthenticate(body: ReauthenticateBody): Promise<void> {
  await api.post<unknown>('/auth/reauthenticate', body);
}

function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityQueryKey });
}

export function useEndSession() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/security/sessions/${id}`),
    onSettled: invalidate,
  });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: async () =>
      (
        await parsed(
          api.post<unknown>('/security/sessions/end-others'),
          async () => (await import('@cask/contracts/security')).endSessionsResponse,
        )
      ).data,
    onSettled: invalidate,
  });
}

export function useBeginTotpSetup() {
  return useMutation({
    mutationFn: async () =>
      (
        await parsed(
          api.post<unknown>('/security/two-factor/setup'),
          async () => (await import('@cask/contracts/security')).totpSetupResponse,
        )
      ).data,
  });
}

export function useVerifyTotpSetup() {
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await parsed(
          api.post<unknown>('/security/two-factor/verify', { code }),
          async () => (await import('@cask/contracts/security')).recoveryCodesResponse,
        )
      ).data.recoveryCodes,
  });
}

/** New recovery codes (step-up): every earlier code stops working; the new ones come once. */
export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: async () =>
      (
        await parsed(
          api.post<unknown>('/security/two-factor/recovery-codes'),
          async () => (await import('@cask/contracts/security')).recoveryCodesResponse,
        )
      ).data.recoveryCodes,
    onSuccess: invalidate,
  });
}

export function useDisableTotp() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (body: TotpDisableBody) => api.post<unknown>('/security/two-factor/disable', body),
    onSuccess: invalidate,
  });
}

export function useSavePolicy() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    // Issue 45: turning it off may be sent for approval by another Owner (202).
    mutationFn: async (body: PolicyBody) => {
      const [envelope, policyResponse] = await Promise.all([
        api.put<unknown>('/security/policy', body),
        (async () => (await import('@cask/contracts/security')).policyResponse)(),
      ]);
      return approvalOutcome(envelope, (answer) => policyResponse.parse(answer).data);
    },
    onSettled: invalidate,
  });
}
