import { loginResponse, type LoginBody, type TokenPair } from '@cask/contracts/auth';
import {
  secondFactorResponse,
  type SecondFactorBody,
  type SecondFactorChallenge,
} from '@cask/contracts/security';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /auth/login` (spec 000 §7): the token pair is in the envelope's data; for an admin with
 * two-factor on, a challenge instead (issue 28).
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
