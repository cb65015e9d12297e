import { useCallback, useEffect, useState } from 'react';
import { clearOtpExpiry, readOtpExpiry, startOtpWindow } from './otp-expiry.ts';

export interface ResendCountdown {
  /** Whole seconds left before a new code may be asked for; 0 when resend is enabled. */
  secondsLeft: number;
  /** Opens a new 60-second window (after a successful resend). */
  restart: () => void;
}

const secondsUntil = (expiry: number | null, now: number) =>
  expiry === null ? 0 : Math.max(0, Math.ceil((expiry - now) / 1000));

/**
 * docs/screens/password-recovery.md: the window starts on open, or resumes from the stored expiry
 * if still in the future; a stored expiry that has passed starts a new window. At zero the expiry
 * is removed.
 */
export function useResendCountdown(): ResendCountdown {
  const [expiry, setExpiry] = useState<number | null>(() => {
    const now = Date.now();
    return readOtpExpiry(now) ?? startOtpWindow(now);
  });
  const [now, setNow] = useState(Date.now);
  const secondsLeft = secondsUntil(expiry, now);

  useEffect(() => {
    if (expiry === null) return;
    const remaining = expiry - Date.now();
    // Wake at the next whole-second boundary of the window, so the line never lags a second.
    const delay = remaining <= 0 ? 0 : remaining % 1000 || 1000;
    const timer = setTimeout(() => {
      const current = Date.now();
      if (current >= expiry) {
        clearOtpExpiry();
        setExpiry(null);
      }
      setNow(current);
    }, delay);
    return () => clearTimeout(timer);
  }, [expiry, now]);

  const restart = useCallback(() => {
    const started = Date.now();
    setExpiry(startOtpWindow(started));
    setNow(started);
  }, []);

  return { secondsLeft, restart };
}
