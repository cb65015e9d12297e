import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * docs/architecture.md#input-and-output: the security headers of every answer (CSP, HSTS, nosniff,
 * frame and referrer policies...), from helmet. helmet's headers do not depend on the request, so
 * they are worked out once at start-up, by running its middleware against a response that only
 * records them, and each request gets them as one object (docs/decisions/170): @fastify/helmet
 * built helmet anew on every request, and even helmet built once ran a dozen middlewares, each
 * setting its header on the raw response, for 4% of a list request's CPU under load.
 */
/**
 * Powerful browser features the app never uses, denied to it and to anything it could embed, so
 * an injected script cannot ask for them either. Each is a name Chromium recognises (an unknown
 * one costs a console warning on every page). The clipboard stays allowed: the reset code is
 * pasted from the mail.
 */
const UNUSED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...helmetHeaders(),
  'permissions-policy': UNUSED_FEATURES.map((feature) => `${feature}=()`).join(', '),
};

function helmetHeaders() {
  return recordHeaders(
    helmet({
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
      // The legacy header says what frame-ancestors 'none' says, for browsers without CSP 2.
      xFrameOptions: { action: 'deny' },
    }),
  );
}

type Middleware = ReturnType<typeof helmet>;

function recordHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware(
    {} as Parameters<Middleware>[0],
    response as unknown as Parameters<Middleware>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  if (!headers['content-security-policy']) throw new Error('helmet set no security headers');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
