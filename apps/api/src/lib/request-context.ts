import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every audit entry records about the request that made it besides the admin and the
 * address: the browser (issue 29's 'Audit Entry' shows it). Held in Node's AsyncLocalStorage for
 * the request's whole handling, so db/audit.ts reads it without each service passing it along.
 */
export interface RequestContext {
  userAgent: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The user agent as sent, bounded: it is the caller's text, stored in the audit log. */
export function boundedUserAgent(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value.slice(0, 300) : null;
}

/** Runs `next` (the rest of the request's handling) with the request's context. */
export function runWithRequestContext(context: RequestContext, next: () => void): void {
  storage.run(context, next);
}

/** The current request's context; undefined outside a request (start-up, the seed, scripts). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
