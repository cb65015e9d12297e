import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endSessionsResponse,
  policyResponse,
  recoveryCodesResponse,
  securityOverviewResponse,
  sessionsResponse,
  totpSetupResponse,
  type PolicyBody,
  type ReauthenticateBody,
  type TotpDisableBody,
} from '@cask/contracts/security';
import { approvalOutcome } from '@/lib/approval-outcome.ts';
import { api } from '@/lib/api-client.ts';

// Settings -> Security (issue 28): the calls of apps/api/src/modules/auth/security.routes.ts.

export const securityQueryKey = ['security'] as const;
export const sessionsQueryKey = ['security', 'sessions'] as const;

export const securityOverviewQuery = () =>
  queryOptions({
    queryKey: securityQueryKey,
    queryFn: async () => securityOverviewResponse.parse(await api.get<unknown>('/security')).data,
  });

export function useSecurityOverview() {
  return useQuery(securityOverviewQuery());
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () =>
      sessionsResponse.parse(await api.get<unknown>('/security/sessions')).data.sessions,
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
      endSessionsResponse.parse(await api.post<unknown>('/security/sessions/end-others')).data,
    onSettled: invalidate,
  });
}

export function useBeginTotpSetup() {
  return useMutation({
    mutationFn: async () =>
      totpSetupResponse.parse(await api.post<unknown>('/security/two-factor/setup')).data,
  });
}

export function useVerifyTotpSetup() {
  return useMutation({
    mutationFn: async (code: string) =>
      recoveryCodesResponse.parse(await api.post<unknown>('/security/two-factor/verify', { code }))
        .data.recoveryCodes,
  });
}

/** New recovery codes (step-up): every earlier code stops working; the new ones come once. */
export function useRegenerateRecoveryCodes() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: async () =>
      recoveryCodesResponse.parse(await api.post<unknown>('/security/two-factor/recovery-codes'))
        .data.recoveryCodes,
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
    mutationFn: async (body: PolicyBody) =>
      approvalOutcome(
        await api.put<unknown>('/security/policy', body),
        (envelope) => policyResponse.parse(envelope).data,
      ),
    onSettled: invalidate,
  });
}
