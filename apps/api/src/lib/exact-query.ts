import type { FastifyRequest } from 'fastify';
import { BadRequestError } from './errors.ts';

/**
 * A route hook that refuses any query parameter not written exactly as one of `names`: the
 * query parser decodes names, so `refresh%54oken=` would otherwise reach the route as
 * `refreshToken`, a spelling that log filters and proxies do not recognise (issue 10, finding 5).
 * Checked on the URL as sent, before parsing matters.
 */
export function onlyExactQueryNames(...names: string[]) {
  const allowed = new Set(names);
  return async (request: FastifyRequest): Promise<void> => {
    const url = request.raw.url ?? request.url;
    const start = url.indexOf('?');
    if (start === -1) return;
    for (const pair of url.slice(start + 1).split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (!allowed.has(name)) {
        throw new BadRequestError(`Unknown query parameter; expected only: ${names.join(', ')}`);
      }
    }
  };
}
