import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  passkeyRegistrationOptionsResponse,
  passkeyResponse,
  passkeysOnlyAt,
  webauthnOptionsResponse,
} from '@cask/contracts/security';
import { api } from '@/lib/api-client.ts';
import { passkeysQueryKey } from '@/lib/passkeys-query.ts';

// Passkeys (issue 28): the browser side of WebAuthn is @simplewebauthn/browser, loaded when a
// passkey is first added or used.

/**
 * The app is open at another address than the one passkeys belong to (PUBLIC_URL, e.g.
 * 127.0.0.1 where they belong to localhost): the browser would refuse, so we say where to go.
 */
export class PasskeyElsewhereError extends Error {
  override name = 'PasskeyElsewhereError';
  constructor(origin: string) {
    super(passkeysOnlyAt(origin));
  }
}

/**
 * Asks the browser for a new passkey and registers it under `name` (docs/decisions/321): only
 * where passkeys belong, and a browser's SecurityError (its verdict on the address) is said so.
 */
export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options, ceremony, origin } = passkeyRegistrationOptionsResponse.parse(
    await api.post<unknown>('/security/passkeys/options'),
  ).data;
  if (window.location.origin !== origin) throw new PasskeyElsewhereError(origin);
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  }).catch((error: unknown) => {
    // A DOMException, or @simplewebauthn's WebAuthnError named after it.
    const refusedHere = (error as { name?: unknown } | null)?.name === 'SecurityError';
    throw refusedHere ? new PasskeyElsewhereError(origin) : error;
  });
  return passkeyResponse.parse(
    await api.post<unknown>('/security/passkeys', { name, ceremony, response }),
  ).data;
}

/**
 * Step-up with a passkey (docs/decisions/276): the browser signs a challenge the server bound to
 * this admin, with one of their passkeys; the answer renews the session's proof as the password
 * does.
 */
export async function reauthenticateWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options, ceremony } = webauthnOptionsResponse.parse(
    await api.post<unknown>('/auth/reauthenticate/passkey/options'),
  ).data;
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  await api.post<unknown>('/auth/reauthenticate', { ceremony, response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/security/passkeys/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
