import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@cask/contracts/auth';
import type { SecondFactorBody } from '@cask/contracts/security';

/**
 * The sign-in mutation. The request module (API client, zod, the contracts) is imported when the
 * form is sent, not before the sign-in page can draw (decision 121); the page warms it up once
 * drawn, so a submit does not wait for it.
 */
export const loadLogin = () => import('./login.ts');

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginBody) => (await loadLogin()).login(body),
  });
}

export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => (await loadLogin()).signInWithPasskey(),
  });
}

export function useSecondFactor() {
  return useMutation({
    mutationFn: async (body: SecondFactorBody) => (await loadLogin()).completeSecondFactor(body),
  });
}
