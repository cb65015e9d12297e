import { OTP_RESEND_SECONDS } from '@cask/contracts/auth';

/**
 * docs/screens/password-recovery.md: the resend window survives reloads in localStorage.otpExpiry
 * (ms timestamp).
 */
export const OTP_EXPIRY_KEY = 'otpExpiry';

const WINDOW_MS = OTP_RESEND_SECONDS * 1000;

/** The stored expiry when it is still in the future, else null. */
export function readOtpExpiry(now: number): number | null {
  const stored = Number(localStorage.getItem(OTP_EXPIRY_KEY));
  return Number.isFinite(stored) && stored > now ? stored : null;
}

/** Opens a new 60-second window from `now` and stores its end. */
export function startOtpWindow(now: number): number {
  const expiry = now + WINDOW_MS;
  localStorage.setItem(OTP_EXPIRY_KEY, String(expiry));
  return expiry;
}

export function clearOtpExpiry(): void {
  localStorage.removeItem(OTP_EXPIRY_KEY);
}
