import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { OTP_LENGTH } from '@cask/contracts/auth';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useForgotPassword } from './api/forgot-password.ts';
import { useVerifyOtp } from './api/verify-otp.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { OtpInput, type OtpInputHandle } from './components/otp-input.tsx';
import { readOtpScreenState, type ResetScreenState } from './recovery-state.ts';
import { useResendCountdown } from './use-resend-countdown.ts';

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * docs/screens/password-recovery.md#verify-email-otp: without the e-mail from the previous screen
 * there is nothing to verify.
 */
export default function VerifyOtpPage() {
  const state = readOtpScreenState(useLocation().state);
  if (!state) return <Navigate to="/forgot_password" replace />;
  return <VerifyOtpForm email={state.email} />;
}

/**
 * docs/screens/password-recovery.md#verify-email-otp: the boxes, the countdown (verify and resend
 * never at once) and the messages.
 */
function VerifyOtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [digits, setDigits] = useState(emptyCode);
  const otpInput = useRef<OtpInputHandle>(null);
  const { secondsLeft, restart } = useResendCountdown();
  const verify = useVerifyOtp();
  const resend = useForgotPassword();
  const busy = verify.isPending || resend.isPending;
  // After a wrong code the boxes are emptied and the first one takes the focus, so the next try
  // is typed straight away. The boxes are disabled while the check runs: the focus moves once
  // they are enabled again, i.e. after the render that ends the check.
  const [failedTries, setFailedTries] = useState(0);
  useEffect(() => {
    if (failedTries > 0 && !verify.isPending) otpInput.current?.focus(0);
  }, [failedTries, verify.isPending]);

  const onVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (digits.some((digit) => digit === '')) {
      toast.error('Please fill all OTP fields');
      return;
    }
    const otp = digits.join('');
    verify.mutate(
      { email, otp },
      {
        onSuccess: async () => {
          toast.success('OTP verified successfully!');
          const next: ResetScreenState = { email, otp };
          await navigate('/reset_password', { state: next });
        },
        onError: (error) => {
          setDigits(emptyCode());
          setFailedTries((count) => count + 1);
          toast.error(errorMessage(error, 'Invalid OTP. Please try again.'));
        },
      },
    );
  };

  const onResend = () => {
    if (busy || secondsLeft > 0) return;
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          restart();
          // The old code is void once a new one is sent.
          setDigits(emptyCode());
          otpInput.current?.focus(0);
          toast.success('New OTP sent successfully!');
        },
        onError: (error) => {
          toast.error(errorMessage(error, 'Failed to resend OTP. Please try again.'));
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Verify Email"
      description={
        <>
          <p>Please enter the OTP sent to your email.</p>
          <p className="mt-1 font-medium break-all text-oak-900">{email}</p>
        </>
      }
    >
      <form onSubmit={onVerify} noValidate className="space-y-6">
        <OtpInput ref={otpInput} digits={digits} onChange={setDigits} disabled={verify.isPending} />

        <div className="flex min-h-6 justify-center text-sm text-oak-700">
          {secondsLeft > 0 ? (
            <p>{`Resend OTP in ${secondsLeft}s`}</p>
          ) : (
            <button
              type="button"
              onClick={onResend}
              disabled={busy}
              className="font-medium text-gold-700 underline-offset-4 hover:text-gold-600 hover:underline disabled:cursor-not-allowed disabled:text-oak-700/50 disabled:no-underline"
            >
              {resend.isPending ? 'Sending...' : 'Resend OTP'}
            </button>
          )}
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button
            variant="secondary"
            className="w-full sm:flex-1"
            onClick={() => void navigate('/forgot_password')}
          >
            Back
          </Button>
          <Button type="submit" className="w-full sm:flex-1" disabled={busy}>
            {verify.isPending ? 'Verifying...' : 'Verify OTP'}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
