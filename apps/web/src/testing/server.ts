import { http } from 'msw';
import { setupServer } from 'msw/node';
import { adminsHandlers } from './handlers/admins.ts';
import { approvalsHandlers } from './handlers/approvals.ts';
import { auditHandlers } from './handlers/audit.ts';
import { authHandlers } from './handlers/auth.ts';
import { casksHandlers } from './handlers/casks.ts';
import { dashboardHandlers } from './handlers/dashboard.ts';
import { exportsHandlers } from './handlers/exports.ts';
import { notificationsHandlers } from './handlers/notifications.ts';
import { offersHandlers } from './handlers/offers.ts';
import { ordersHandlers } from './handlers/orders.ts';
import { reconciliationsHandlers } from './handlers/reconciliations.ts';
import { referralsHandlers } from './handlers/referrals.ts';
import { searchHandlers } from './handlers/search.ts';
import { securityHandlers } from './handlers/security.ts';
import { termsHandlers } from './handlers/terms.ts';
import { customersHandlers } from './handlers/customers.ts';
import { db, type SentRequest } from './store.ts';

/**
 * Test support: Mock Service Worker's Node server (docs/decisions/353) answering the app's fetch
 * with the handlers of ./handlers/, one module per feature, from the store of ./store.ts.
 * setup.ts starts it for every test file; a request no handler answers fails the test. A test that
 * needs an unusual answer overrides one handler:
 * `server.use(http.get('/api/users', () => apiError(500)))` (reset after each test).
 */
export const server = setupServer(
  ...authHandlers,
  ...adminsHandlers,
  ...approvalsHandlers,
  ...dashboardHandlers,
  ...auditHandlers,
  ...exportsHandlers,
  ...customersHandlers,
  ...referralsHandlers,
  ...notificationsHandlers,
  ...searchHandlers,
  ...ordersHandlers,
  ...offersHandlers,
  ...casksHandlers,
  ...reconciliationsHandlers,
  ...securityHandlers,
  ...termsHandlers,
);

/**
 * Holds every request to `method path` until the returned function is called; the handler that
 * would have answered then answers it (a slow server, so a test sees the screen's busy state).
 */
export function holdRequests(method: 'get' | 'post' | 'put' | 'delete', path: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http[method](path, async () => {
      await held;
      return undefined;
    }),
  );
  return release;
}

/**
 * Holds every request to `method path` until the test answers them: `answer(response)` sends that
 * response (a copy each) to the requests held and to any later one. For a screen's state while an
 * answer the test chooses is on its way; `holdRequests` when the usual handler's answer will do.
 */
export function heldAnswer(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
): (response: Response) => void {
  let answer: (response: Response) => void = () => {};
  const answered = new Promise<Response>((resolve) => (answer = resolve));
  server.use(http[method](path, async () => (await answered).clone()));
  return answer;
}

/**
 * The form as the page's own FormData and File (jsdom's), which the request's (Node's) are not, so
 * a test's `instanceof FormData` and `get(name)` read it as the page built it.
 */
async function asPageFormData(sent: Awaited<ReturnType<Request['formData']>>) {
  const form = new FormData();
  for (const [name, value] of sent.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([await value.arrayBuffer()], value.name, { type: value.type }));
  }
  return form;
}

/** A request's body as a test reads it: parsed JSON, the FormData as sent, or undefined. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return asPageFormData(await request.formData());
  const text = await request.text();
  if (text === '') return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

// Every request the app sends is written down in the store (`api.sent(method, path)`), whichever
// handler answers it, a test's override included.
/** What a test sees of `request`, its body still to be read. */
function sentOf(request: Request): SentRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    // Copied entry by entry: `new Headers(request.headers)` kept only the content type of a
    // multipart request here (jsdom's globals beside Node's fetch).
    headers: new Headers([...request.headers.entries()]),
    credentials: request.credentials,
    body: undefined,
  };
}

server.events.on('request:start', ({ request }) => {
  const sent = sentOf(request);
  db().requests.push(sent);
  void readBody(request.clone()).then((body) => {
    sent.body = body;
  });
});
