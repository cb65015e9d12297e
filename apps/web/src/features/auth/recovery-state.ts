import { z } from 'zod';
import { OTP_LENGTH } from '@cask/contracts/auth';

/**
 * docs/screens/password-recovery.md: the e-mail (and later the code) travel with the navigation,
 * not in the URL. The history state is outside our control (a reload, a hand-made link), so it is
 * parsed, not trusted.
 */
const otpScreenState = z.object({ email: z.string().min(1) });
export type OtpScreenState = z.infer<typeof otpScreenState>;

const resetScreenState = z.object({
  email: z.string().min(1),
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`)),
});
export type ResetScreenState = z.infer<typeof resetScreenState>;

export function readOtpScreenState(state: unknown): OtpScreenState | null {
  const parsed = otpScreenState.safeParse(state);
  return parsed.success ? parsed.data : null;
}

export function readResetScreenState(state: unknown): ResetScreenState | null {
  const parsed = resetScreenState.safeParse(state);
  return parsed.success ? parsed.data : null;
}
