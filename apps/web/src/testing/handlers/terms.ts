import { http } from 'msw';
import type { TermsResponse } from '@cask/contracts/terms';
import { json, queryOf } from '../respond.ts';

/** The privacy policy (modules/terms) before a first save: no content yet. */
export const termsHandlers = [
  http.get('/api/terms', ({ request }) =>
    json(200, {
      success: true,
      data: {
        type: (queryOf(request).type ?? 'privacy') as 'privacy',
        content: null,
        updatedAt: null,
      },
    } satisfies TermsResponse),
  ),
];
