import { loginResponse, type LoginBody, type TokenPair } from '@cask/contracts/auth';
import { api } from '@/lib/api-client.ts';

/** `POST /auth/login` (spec 000 §7): the token pair is in the envelope's data. */
export async function login(body: LoginBody): Promise<TokenPair> {
  const envelope = await api.post<unknown>('/auth/login', body);
  return loginResponse.parse(envelope).data;
}
