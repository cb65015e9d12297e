import { useMutation } from '@tanstack/react-query';
import { forgotPasswordResponse, type ForgotPasswordBody } from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /auth/forgot-password` (docs/screens/password-recovery.md#api-calls): mails a one-time
 * code. The same call resends the code from the OTP screen.
 */
export async function forgotPassword(body: ForgotPasswordBody): Promise<void> {
  const envelope = await api.post<unknown>('/auth/forgot-password', body);
  forgotPasswordResponse.parse(envelope);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
