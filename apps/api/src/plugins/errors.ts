import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@cask/contracts/common';
import { AppError } from '../lib/errors.ts';
import { RAW_ANSWER_HEADERS } from './security-headers.ts';

/**
 * Maps any error to the failure envelope (docs/architecture.md#errors). 5xx answers never reveal
 * internals. No failure is cached: not every one passes the API's own no-store hook (a body Fastify
 * cannot parse on a path with no route fails before any route's hooks run).
 */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'Invalid value',
    }));
    return reply.status(400).send({
      success: false,
      message: errors[0]?.message ?? 'Invalid request',
      errors,
    });
  }
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send({
      success: false,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.errors ? { errors: error.errors } : {}),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: 'Something went wrong' });
  }
  // Fastify's own 4xx (body too large, bad JSON, rate limit, multipart limits, URL too long...).
  return reply.status(status).send({ success: false, message: error.message || 'Invalid request' });
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route is found (414
 * for a path parameter over `maxParamLength`, 400 for a URL that is not valid percent-encoding).
 * Fastify answers those in its own shape unless given this.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, request, reply);
}

/** What Node's HTTP parser refuses, by its error code; anything else is a 400. */
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'The request line or headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before Fastify sees a
 * request (a URL or headers over its 16 KB limit, a request that did not arrive in time, bytes
 * that are not HTTP). Fastify's default answers those as `{ error, message, statusCode }`; this
 * writes the envelope with the headers of every other answer, then closes the connection, which
 * the parser cannot read on from.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'The request is not valid HTTP',
  ];
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message });
    const headers: Record<string, string | number> = {
      ...RAW_ANSWER_HEADERS,
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

/** One error shape from one handler (docs/conventions.md#one-error-shape). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);

  app.setNotFoundHandler(sendRouteNotFound);
}

/**
 * The 404 of a route that does not exist, in the envelope: the not-found handler's, and the web
 * app's for an API route, upload or file (plugins/web-app.ts). Never cached: an API answer is not
 * (docs/architecture.md#input-and-output), and a missing file or upload must not stay missing in a
 * cache once it exists.
 */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
}
