import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { apiError, holdRequests, http, seedApi, server } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { elapse, fakeClockAt } from '@/testing/clock.ts';
import { digitBox, digitValues } from '@/testing/queries.ts';

afterEach(() => {
  vi.useRealTimers();
  toast.remove();
});

const EMAIL = 'ailsa@cask.club';
const openOtpScreen = (options: { fakeTimers?: boolean } = {}) =>
  renderApp({ route: '/otp', session: 'signed-out', state: { email: EMAIL }, ...options });

test('without the e-mail from the previous screen the visitor is sent to /forgot_password', async () => {
  const { router } = await renderApp({ route: '/otp', session: 'signed-out' });
  expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/forgot_password');
});

test('the screen asks for the code in four labelled numeric boxes', async () => {
  await openOtpScreen();
  expect(screen.getByRole('heading', { name: 'Verify Email' })).toBeInTheDocument();
  expect(screen.getByText('Please enter the OTP sent to your email.')).toBeInTheDocument();
  expect(screen.getAllByRole('textbox', { name: /^Digit \d of 4$/ })).toHaveLength(4);
  expect(digitBox(1)).toHaveAttribute('inputmode', 'numeric');
  expect(digitBox(1)).toHaveAttribute('autocomplete', 'one-time-code');
  expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
});

test('each digit typed moves the focus to the next box', async () => {
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));

  await user.keyboard('4');
  expect(digitBox(2)).toHaveFocus();
  await user.keyboard('8');
  expect(digitBox(3)).toHaveFocus();
  await user.keyboard('15');

  expect(digitValues()).toEqual(['4', '8', '1', '5']);
  expect(digitBox(4)).toHaveFocus();
});

test('anything but a digit is ignored and the focus stays', async () => {
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));

  await user.keyboard('a-. ');
  expect(digitValues()).toEqual(['', '', '', '']);
  expect(digitBox(1)).toHaveFocus();

  await user.keyboard('7x');
  expect(digitValues()).toEqual(['7', '', '', '']);
  expect(digitBox(2)).toHaveFocus();
});

test('a digit typed over another replaces it', async () => {
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('12');

  await user.click(digitBox(1));
  await user.keyboard('9');

  expect(digitValues()).toEqual(['9', '2', '', '']);
  expect(digitBox(2)).toHaveFocus();
});

test('Backspace on an empty box goes back to the previous one', async () => {
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('12');
  expect(digitBox(3)).toHaveFocus();

  await user.keyboard('{Backspace}');
  expect(digitBox(2)).toHaveFocus();
  expect(digitValues()).toEqual(['1', '2', '', '']);

  // On a box holding a digit, Backspace clears it and stays.
  await user.keyboard('{Backspace}');
  expect(digitValues()).toEqual(['1', '', '', '']);
  expect(digitBox(2)).toHaveFocus();

  await user.keyboard('{Backspace}');
  expect(digitBox(1)).toHaveFocus();
});

test('a whole code pasted into any box fills all four', async () => {
  const { user } = await openOtpScreen();
  await user.click(digitBox(3));

  await user.paste('9271');

  expect(digitValues()).toEqual(['9', '2', '7', '1']);
  expect(digitBox(4)).toHaveFocus();
});

test('pasted text without digits changes nothing', async () => {
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.paste('abcd');
  expect(digitValues()).toEqual(['', '', '', '']);
});

test('verifying with an empty box shows an error toast and sends nothing', async () => {
  const api = seedApi();
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('123');

  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

  expect(await screen.findByText('Please fill all OTP fields')).toBeInTheDocument();
  expect(api.state.requests).toHaveLength(0);
});

test('a right code is verified and the reset screen opens with the e-mail and the code', async () => {
  const api = seedApi();
  const { user, router } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('2468');

  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

  expect(await screen.findByText('OTP verified successfully!')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/reset_password');
  expect(router.state.location.state).toEqual({ email: EMAIL, otp: '2468' });
  expect(api.state.requests[0]).toMatchObject({
    method: 'POST',
    path: '/api/auth/verify-password-reset-otp',
    body: { email: EMAIL, otp: '2468' },
  });
});

test('a wrong code shows the server message and stays', async () => {
  server.use(
    http.post('/api/auth/verify-password-reset-otp', () =>
      apiError(400, 'The code is invalid or has expired'),
    ),
  );
  const { user, router } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('0000');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

  expect(await screen.findByText('The code is invalid or has expired')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/otp');
});

test('a wrong code empties the four boxes and puts the focus on the first', async () => {
  server.use(
    http.post('/api/auth/verify-password-reset-otp', () =>
      apiError(400, 'The code is invalid or has expired'),
    ),
  );
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('0000');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

  expect(await screen.findByText('The code is invalid or has expired')).toBeInTheDocument();
  expect(digitValues()).toEqual(['', '', '', '']);
  await waitFor(() => expect(digitBox(1)).toHaveFocus());

  // The next try is typed straight away, from the first box.
  await user.keyboard('12');
  expect(digitValues()).toEqual(['1', '2', '', '']);
});

test('a failed verification without a server message reads: Invalid OTP. Please try again.', async () => {
  server.use(http.post('/api/auth/verify-password-reset-otp', () => apiError(500, '')));
  const { user } = await openOtpScreen();
  await user.click(digitBox(1));
  await user.keyboard('0000');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

  expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument();
});

test('Back goes to /forgot_password', async () => {
  const { user, router } = await openOtpScreen();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/forgot_password');
});

// The resend countdown (docs/screens/password-recovery.md), on a fake clock.

const NOW = new Date('2026-03-01T12:00:00.000Z').getTime();

test('the countdown starts at 60 seconds on open and stores its end', async () => {
  fakeClockAt(NOW);
  await openOtpScreen({ fakeTimers: true });

  expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
  expect(localStorage.getItem('otpExpiry')).toBe(String(NOW + 60_000));
  expect(screen.queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
});

test('a stored expiry still in the future is resumed', async () => {
  fakeClockAt(NOW);
  localStorage.setItem('otpExpiry', String(NOW + 25_000));
  await openOtpScreen({ fakeTimers: true });

  expect(screen.getByText('Resend OTP in 25s')).toBeInTheDocument();
  await elapse(1_000);
  expect(screen.getByText('Resend OTP in 24s')).toBeInTheDocument();
  expect(localStorage.getItem('otpExpiry')).toBe(String(NOW + 25_000));
});

test('a stored expiry that has passed starts a new 60-second window', async () => {
  fakeClockAt(NOW);
  localStorage.setItem('otpExpiry', String(NOW - 5_000));
  await openOtpScreen({ fakeTimers: true });

  expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
  expect(localStorage.getItem('otpExpiry')).toBe(String(NOW + 60_000));
});

test('at zero the line becomes a Resend OTP button and the stored expiry is removed', async () => {
  fakeClockAt(NOW);
  await openOtpScreen({ fakeTimers: true });

  await elapse(59_000);
  expect(screen.getByText('Resend OTP in 1s')).toBeInTheDocument();
  expect(localStorage.getItem('otpExpiry')).not.toBeNull();

  await elapse(1_000);
  expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  expect(screen.queryByText(/Resend OTP in/)).not.toBeInTheDocument();
  expect(localStorage.getItem('otpExpiry')).toBeNull();
});

test('a successful resend sends the e-mail again and restarts the 60 seconds', async () => {
  fakeClockAt(NOW);
  const api = seedApi();
  await openOtpScreen({ fakeTimers: true });
  await elapse(60_000);

  fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
  await elapse(0);

  expect(api.state.requests[0]).toMatchObject({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: { email: EMAIL },
  });
  expect(screen.getByText('New OTP sent successfully!')).toBeInTheDocument();
  expect(screen.getByText('Resend OTP in 60s')).toBeInTheDocument();
  expect(localStorage.getItem('otpExpiry')).toBe(String(NOW + 120_000));
  expect(digitBox(1)).toHaveFocus();
});

test('a failed resend shows the server message, else its own, and leaves resend enabled', async () => {
  fakeClockAt(NOW);
  let answer = () => apiError(429, 'Please wait before asking again');
  server.use(http.post('/api/auth/forgot-password', () => answer()));
  await openOtpScreen({ fakeTimers: true });
  await elapse(60_000);

  fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
  await elapse(0);
  expect(screen.getByText('Please wait before asking again')).toBeInTheDocument();

  answer = () => apiError(500, '');
  fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
  await elapse(0);
  expect(screen.getByText('Failed to resend OTP. Please try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  expect(localStorage.getItem('otpExpiry')).toBeNull();
});

test('verify and resend never run at the same time', async () => {
  fakeClockAt(NOW);
  const api = seedApi();
  const resendAnswered = holdRequests('post', '/api/auth/forgot-password');
  holdRequests('post', '/api/auth/verify-password-reset-otp');
  await openOtpScreen({ fakeTimers: true });
  await elapse(60_000);

  // While a resend runs, the code cannot be verified.
  fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
  await elapse(0);
  expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  resendAnswered();
  await elapse(60_000);

  // While a verification runs, no new code can be asked for.
  for (const [index, digit] of ['1', '2', '3', '4'].entries()) {
    fireEvent.change(digitBox(index + 1), { target: { value: digit } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await elapse(0);
  expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
  await elapse(0);

  expect(api.state.requests.map((request) => request.path)).toEqual([
    '/api/auth/forgot-password',
    '/api/auth/verify-password-reset-otp',
  ]);
});
