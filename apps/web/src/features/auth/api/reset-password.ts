import { useMutation } from '@tanstack/react-query';
import { resetPasswordResponse, type ResetPasswordBody } from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /auth/reset-password` (docs/screens/password-recovery.md#api-calls): the server checks the
 * code again.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  const envelope = await api.post<unknown>('/auth/reset-password', body);
  resetPasswordResponse.parse(envelope);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
