/**
 * Test support: what a test needs to fake the API (docs/decisions/353), from one import. The
 * handlers answer from the store a test seeds with `seedApi`; `server.use(http.get(...))` with
 * `apiError` overrides one of them for a test's unusual answer.
 */
export { http, HttpResponse, delay } from 'msw';
export * from './factories.ts';
export { apiError, json } from './respond.ts';
export { heldAnswer, holdRequests, server } from './server.ts';
export { seedApi, type SentRequest, type Seed, type TestApi } from './store.ts';
