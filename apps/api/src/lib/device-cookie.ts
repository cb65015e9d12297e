import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * OWASP "device cookies" (issue 28): a browser that signed in successfully as an admin gets a
 * signed cookie naming that account; the per-address and per-account sign-in limits never refuse
 * a sign-in that presents it (docs/decisions/228). HttpOnly, only sent to /api/auth.
 */
export const DEVICE_COOKIE = 'cask_device';
export const DEVICE_COOKIE_PATH = '/api/auth';
export const DEVICE_COOKIE_DAYS = 365;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`device-cookie:${body}`).digest();
}

/** `<e-mail in base64url>.<nonce>.<HMAC>`: the account it was issued to, signed. */
export function issueDeviceCookie(secret: string, email: string): string {
  const body = `${Buffer.from(email.toLowerCase(), 'utf8').toString('base64url')}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** Whether `value` is a device cookie this server issued for `email`. */
export function isDeviceCookieFor(secret: string, value: string | undefined, email: string) {
  if (!value || value.length > 512) return false;
  const cut = value.lastIndexOf('.');
  if (cut <= 0) return false;
  const body = value.slice(0, cut);
  const given = Buffer.from(value.slice(cut + 1), 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const [encodedEmail] = body.split('.');
  return Buffer.from(encodedEmail ?? '', 'base64url').toString('utf8') === email.toLowerCase();
}

/**
 * Sets the device cookie on the answer of a completed sign-in (the password, the second step, a
 * passkey, an accepted invite): one definition, so every way in sets the same cookie. The
 * route's plugin must have registered @fastify/cookie.
 */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  email: string,
): void {
  const options: CookieSerializeOptions = {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  };
  reply.setCookie(DEVICE_COOKIE, issueDeviceCookie(secret, email), options);
}
