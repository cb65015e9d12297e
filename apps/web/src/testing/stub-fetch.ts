import { vi } from 'vitest';

/**
 * Test support (imported by tests only): the server is outside the unit under test of the API
 * client and the screens, so global fetch is replaced by a scripted answer. The real server is
 * exercised by the API integration tests and the Playwright specs.
 */

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: unknown;
}

export interface StubbedAnswer {
  status?: number;
  /** An object is sent as JSON; a string as text/html. */
  body: unknown;
}

/**
 * Replaces global fetch with `answer` and records every request. Settles asynchronously, as a
 * network would, so requests sent together really overlap.
 */
export function stubFetch(
  answer: (request: SentRequest) => StubbedAnswer | Promise<StubbedAnswer>,
) {
  return recordFetch(async (request) => {
    await Promise.resolve();
    const { status = 200, body } = await answer(request);
    return typeof body === 'string'
      ? new Response(body, { status, headers: { 'Content-Type': 'text/html' } })
      : new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
  });
}

/**
 * The same, for tests that build each Response themselves (e.g. with `ok()` below). Returns the
 * list of requests sent, in order.
 */
export function stubApi(answer: (request: SentRequest) => Response | Promise<Response>) {
  return recordFetch(answer).sent;
}

/** A success envelope as the API sends it. */
export const ok = (data: unknown, message?: string) =>
  Response.json({ success: true, ...(message ? { message } : {}), data });

/** What a test sees of one call: the parts of `fetch(input, init)` the API cares about. */
export function readRequest(input: RequestInfo | URL, init?: RequestInit): SentRequest {
  const url = new URL(String(input), 'http://localhost');
  const text = typeof init?.body === 'string' ? init.body : undefined;
  return {
    method: init?.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: new Headers(init?.headers),
    // Parsed JSON, or the FormData as sent.
    body: text === undefined ? init?.body : JSON.parse(text),
  };
}

let uuidCounter = 0;
/** A unique, valid UUID per call, for test data (the contracts check that ids are UUIDs). */
export function testUuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${String(uuidCounter).padStart(12, '0')}`;
}

function recordFetch(answer: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = readRequest(input, init);
    sent.push(request);
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}
