/**
 * Issue 28: the refusals the web app acts on by their envelope `code` (the API's
 * lib/errors.ts), and the bridge between the API client and the dialog that asks for the
 * password again (app/step-up-dialog.tsx).
 */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

/** Fired on `window` when the policy requires a second factor the admin has not set up. */
export const TWO_FACTOR_SETUP_EVENT = 'two-factor-setup-required';

type Handler = () => Promise<boolean>;
let handler: Handler | undefined;
let pending: Promise<boolean> | undefined;

/** The step-up dialog registers itself; returns the unregister function. */
export function setStepUpHandler(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = undefined;
  };
}

/**
 * Resolves true once the admin has confirmed who they are (the dialog sent the password), false
 * when they cancelled or no dialog is mounted. Calls made meanwhile share the one dialog.
 */
export function confirmIdentity(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  pending ??= handler().finally(() => {
    pending = undefined;
  });
  return pending;
}

export function requireTwoFactorSetup(): void {
  window.dispatchEvent(new Event(TWO_FACTOR_SETUP_EVENT));
}

export function onTwoFactorSetupRequired(listener: () => void): () => void {
  window.addEventListener(TWO_FACTOR_SETUP_EVENT, listener);
  return () => window.removeEventListener(TWO_FACTOR_SETUP_EVENT, listener);
}
