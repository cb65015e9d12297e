import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parsed } from '@/lib/api-client.ts';
import { passkeysQueryKey } from '@/lib/passkeys-query.ts';

// Passkeys (issue 28): the browser side of WebAuthn is @simplewebauthn/browser, loaded when a
// passkey is first added or used. Each answer is parsed by its contract, loaded beside the request
// (docs/decisions/450).

/**
 * The app is open at another address than the one passkeys belong to (PUBLIC_URL, e.g.
 * 127.0.0.1 where they belong to localhost): the browser would refuse, so we say where to go.
 */
export class PasskeyElsewhereError extends Error {
  override name = 'PasskeyElsewhereError';
}

/** The error, with the contract's words (loaded with the answers' contract). */
const elsewhere = async (origin: string) =>
  new PasskeyElsewhereError((await import('@cask/contracts/security')).passkeysOnlyAt(origin));

/**
 * Asks the browser for a new passkey and registers it under `name` (docs/decisions/321): only
 * where passkeys belong, and a browser's SecurityError (its verdict on the address) is said so.
 */
export async function addPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options, ceremony, origin } = (
    await parsed(
      api.post<unknown>('/security/passkeys/options'),
      async () => (await import('@cask/contracts/security')).passkeyRegistrationOptionsResponse,
    )
  ).data;
  if (window.location.origin !== origin) throw await elsewhere(origin);
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  }).catch(async (error: unknown) => {
    // A DOMException, or @simplewebauthn's WebAuthnError named after it.
    const refusedHere = (error as { name?: unknown } | null)?.name === 'SecurityError';
    throw refusedHere ? await elsewhere(origin) : error;
  });
  return (
    await parsed(
      api.post<unknown>('/security/passkeys', { name, ceremony, response }),
      async () => (await import('@cask/contracts/security')).passkeyResponse,
    )
  ).data;
}

/**
 * Step-up with a passkey (docs/decisions/276): the browser signs a challenge the server bound to
 * this admin, with one of their passkeys; the answer renews the session's proof as the password
 * does.
 */
export async function reauthenticateWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options, ceremony } = (
    await parsed(
      api.post<unknown>('/auth/reauthenticate/passkey/options'),
      async () => (await import('@cask/contracts/security')).webauthnOptionsResponse,
    )
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
