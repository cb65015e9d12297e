import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@cask/contracts/common';
import { AppError } from '../lib/errors.ts';

/** One error shape from one handler (STYLE.md rule 4). 5xx answers never reveal internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ success: false, message: 'Something went wrong' });
    }
    // Fastify's own 4xx (body too large, bad JSON, rate limit, multipart limits...).
    if (status === 429 && error.message) {
      return reply.status(429).send({ success: false, message: error.message });
    }
    return reply
      .status(status)
      .send({ success: false, message: error.message || 'Invalid request' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}
