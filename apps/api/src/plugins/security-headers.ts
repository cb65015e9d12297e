import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * docs/architecture.md#input-and-output: the security headers of every answer (CSP, HSTS, nosniff,
 * frame and referrer policies...), from helmet with its own defaults but for the options below.
 * helmet's middleware is built once and run on each answer's response (docs/decisions/445;
 * @fastify/helmet, decision 349, built it anew on every request).
 */

/**
 * The CSP, in helmet's kebab-case spelling so that the raw answers below can write the same
 * header. Scripts strictly same-origin; Quill and Radix set inline style attributes.
 */
const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(
      Object.entries(CSP_DIRECTIVES).map(([name, sources]) => [name, [...sources]]),
    ),
  },
  crossOriginEmbedderPolicy: false,
  // The legacy header says what frame-ancestors 'none' says, for browsers without CSP 2.
  xFrameOptions: { action: 'deny' },
};

/**
 * Powerful browser features the app never uses, denied to it and to anything it could embed, so
 * an injected script cannot ask for them either. Each is a name Chromium recognises (an unknown
 * one costs a console warning on every page). The clipboard stays allowed: the reset code is
 * pasted from the mail. helmet has no option for this header.
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

const PERMISSIONS_POLICY = UNUSED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/**
 * The same headers for an answer written straight to the socket, with no request to run helmet on
 * (plugins/errors.ts's `clientErrorHandler`: what Node's HTTP parser refuses). helmet writes them
 * only onto a response, so they are spelled out here; `security-headers.test.ts` proves them equal
 * to a real answer's, so a helmet upgrade that changes one fails there.
 */
export const RAW_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // helmet's documented use: the middleware it returns, called with Node's request and response.
  const setHelmetHeaders = helmet(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // helmet's next is called at once, with an error only when an option is invalid.
    setHelmetHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(
        error === undefined ? undefined : new Error('Security headers failed', { cause: error }),
      ),
    );
  });
}
