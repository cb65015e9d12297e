import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * DESIGN.md §5: the security headers of every answer (CSP, HSTS, nosniff, frame and referrer
 * policies...), from helmet. The middleware is built once, so each request only copies headers
 * computed at start-up: @fastify/helmet built helmet anew on every request, parsing the CSP each
 * time (3% of a list request's CPU in a profile under load, docs/decisions/170).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Quill and radix set inline style attributes; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
