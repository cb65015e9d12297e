import { http } from 'msw';
import { readBody, sentOf, server } from './server.ts';
import type { SentRequest } from './store.ts';

/**
 * Test support: a test that scripts the whole server itself (the sign-in, recovery, profile,
 * security and settings screens, and the API client's own tests) answers every `/api/*` request
 * with one msw handler of its own (docs/decisions/353). The request is read first (its JSON or
 * FormData body parsed), written down, and answered by `answer`. Settles asynchronously, as a
 * network would, so requests sent together really overlap.
 */

export interface ScriptedAnswer {
  status?: number;
  /** An object is sent as JSON; a string as text/html. */
  body: unknown;
}

/** Answers every API request with `answer`; returns the list of requests sent, in order. */
export function scriptApiResponses(
  answer: (request: SentRequest) => Response | Promise<Response>,
): SentRequest[] {
  const sent: SentRequest[] = [];
  server.use(
    http.all('/api/*', async ({ request }) => {
      const written = sentOf(request);
      written.body = await readBody(request.clone());
      sent.push(written);
      return answer(written);
    }),
  );
  return sent;
}

/** The same, with the answer as a status and a body; returns `{ sent }`. */
export function scriptApi(
  answer: (request: SentRequest) => ScriptedAnswer | Promise<ScriptedAnswer>,
) {
  const sent = scriptApiResponses(async (request) => {
    const { status = 200, body } = await answer(request);
    return typeof body === 'string'
      ? new Response(body, { status, headers: { 'Content-Type': 'text/html' } })
      : Response.json(body, { status });
  });
  return { sent };
}

/** A success envelope as the API sends it. */
export const ok = (data: unknown, message?: string) =>
  Response.json({ success: true, ...(message ? { message } : {}), data });
export type { SentRequest } from './store.ts';
