import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests that have started and not yet produced their answer. */
    readonly inFlightRequests: number;
    /** True from `beginDraining()` on: /api/ready answers 503 (the instance is going away). */
    readonly draining: boolean;
    /** SIGTERM's first step (server.ts): the load balancer is told to send nothing new. */
    beginDraining(): void;
  }
}

/**
 * Graceful shutdown (issue 2: finish in-flight requests, then close the database). Fastify's
 * close() resolves once every connection has ended, but a client that hangs up mid-request ends
 * its connection while the handler is still working: without this, the database would be closed
 * under that handler (a half-done sign-in, a write cut between two statements). Each request is
 * counted from its first hook until its answer is produced (onSend runs for answers and errors
 * alike, whether or not the client is still there), and close() waits for the count to reach 0;
 * server.ts bounds the whole shutdown in time.
 */
export function registerInFlightTracking(app: FastifyInstance): void {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const counted = new WeakSet<object>();

  const done = (request: object) => {
    if (!counted.delete(request)) return;
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };

  app.decorate('inFlightRequests', {
    getter: () => inFlight,
  });
  let draining = false;
  app.decorate('draining', { getter: () => draining });
  app.decorate('beginDraining', () => {
    draining = true;
  });
  app.addHook('preClose', (next) => {
    draining = true;
    next();
  });
  // Callback hooks, not async ones: each async hook costs every request a promise.
  app.addHook('onRequest', (request, _reply, next) => {
    counted.add(request);
    inFlight += 1;
    next();
  });
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
  // A request that never reached onSend (e.g. its socket failed while the answer was written).
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  app.addHook('onClose', async () => {
    if (inFlight === 0) return;
    app.log.info({ inFlight }, 'waiting for in-flight requests to finish');
    await new Promise<void>((resolve) => {
      drained = resolve;
    });
  });
}
