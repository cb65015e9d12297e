import { useMutation } from '@tanstack/react-query';
import { verifyOtpResponse, type VerifyOtpBody } from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /auth/verify-password-reset-otp` (docs/screens/password-recovery.md#api-calls): only
 * success or failure is used.
 */
export async function verifyOtp(body: VerifyOtpBody): Promise<void> {
  const envelope = await api.post<unknown>('/auth/verify-password-reset-otp', body);
  verifyOtpResponse.parse(envelope);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
