import { http } from 'msw';
import {
  TERMS_CHANGED_ELSEWHERE,
  type SaveTermsBody,
  type TermsResponse,
} from '@cask/contracts/terms';
import { apiError, bodyOf, json } from '../respond.ts';
import { db, seedApi } from '../store.ts';

/**
 * The privacy policy (modules/terms) from the store's `privacyPolicy` (no content until a first
 * save). A save names the version it replaces (docs/decisions/180): If-Match with the policy's
 * updatedAt, or If-None-Match: * before the first; another answers 409.
 */
export const termsHandlers = [
  http.get('/api/terms', () =>
    json(200, { success: true, data: db().privacyPolicy } satisfies TermsResponse),
  ),
  http.post('/api/terms', async ({ request }) => {
    const state = db();
    const { updatedAt } = state.privacyPolicy;
    const basedOn = request.headers.get('if-match');
    const fresh =
      updatedAt === null
        ? request.headers.get('if-none-match') === '*'
        : basedOn === `"${updatedAt}"`;
    if (!fresh) return apiError(409, TERMS_CHANGED_ELSEWHERE);
    const { type, content } = await bodyOf<SaveTermsBody>(request);
    state.privacyPolicy = { type, content, updatedAt: new Date().toISOString() };
    return json(200, { success: true, data: state.privacyPolicy } satisfies TermsResponse);
  }),
];

/** When the policy `policyApi` holds was saved (a save names it in If-Match). */
export const POLICY_SAVED_AT = '2026-01-05T10:00:00.000Z';

/**
 * The API holding `saved` as the privacy policy (saved at POLICY_SAVED_AT), or none; a save
 * replaces it.
 */
export const policyApi = (saved: string | null) =>
  seedApi(saved === null ? {} : { privacyPolicy: { content: saved, updatedAt: POLICY_SAVED_AT } });
