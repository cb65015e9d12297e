import { loginResponse, type LoginBody, type TokenPair } from '@cask/contracts/auth';
import {
  secondFactorResponse,
  webauthnOptionsResponse,
  type SecondFactorBody,
  type SecondFactorChallenge,
} from '@cask/contracts/security';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /auth/login` (docs/screens/sign-in.md#api-calls): the token pair is in the envelope's data;
 * for an admin with two-factor on, a challenge instead (issue 28).
 */
export async function login(body: LoginBody): Promise<TokenPair | SecondFactorChallenge> {
  const envelope = await api.post<unknown>('/auth/login', body);
  return loginResponse.parse(envelope).data;
}

/** The second sign-in step: the challenge and a TOTP code or a recovery code. */
export async function completeSecondFactor(body: SecondFactorBody): Promise<TokenPair> {
  const envelope = await api.post<unknown>('/auth/login/second-factor', body);
  return secondFactorResponse.parse(envelope).data;
}

/** 'Sign in with a passkey': the browser signs the server's challenge with a passkey. */
export async function signInWithPasskey(): Promise<TokenPair> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options, ceremony } = webauthnOptionsResponse.parse(
    await api.post<unknown>('/auth/passkey/options'),
  ).data;
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  const envelope = await api.post<unknown>('/auth/passkey', { ceremony, response });
  return secondFactorResponse.parse(envelope).data;
}
