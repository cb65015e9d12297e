import type { ServerResponse } from 'node:http';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import { downloadQuery, exportStatusResponse } from '@cask/contracts/exports';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { boundedUserAgent } from '../../lib/request-context.ts';
import { EXPORT_MIN_BYTES_PER_SECOND } from './exports.service.ts';

/**
 * The file as sent, cut when it goes slower than EXPORT_MIN_BYTES_PER_SECOND over a window
 * (issue 40, decision 303). The bytes are counted as the answer takes them (backpressure: it
 * takes more only once the client has read what came before); once the file has been read whole
 * the rest is the socket's, whose idle timeout still applies.
 */
function cutWhenSlow(body: Readable, answer: ServerResponse, windowSeconds: number): Readable {
  let taken = 0;
  let takenAtLastLook = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      taken += chunk.length;
      callback(null, chunk);
    },
  });
  const look = setInterval(() => {
    if (taken - takenAtLastLook < EXPORT_MIN_BYTES_PER_SECOND * windowSeconds) answer.destroy();
    takenAtLastLook = taken;
  }, windowSeconds * 1000);
  look.unref();
  const stop = () => clearInterval(look);
  meter.on('end', stop);
  meter.on('close', stop);
  answer.on('close', stop);
  // Destroying the answer destroys the meter, and pipeline the export's stream (decision 279).
  return pipeline(body, meter, () => {});
}

/**
 * Issue 29, decision 211: a list's CSV export. `POST /exports/<list>` (the list's filters in the
 * query string, as its GET takes them) answers a single-use link valid for a minute; each list's
 * own routes declare it (`routeListExport` in list-exports.ts, decision 374).
 * `GET /exports/download?token=` is that link, followed by the browser itself so its own download
 * starts at once (no bearer header there: the token is the authorization), which finds the list's
 * source by the link's list name in the app's exports service (`app.listExports`);
 * `GET /exports/:id` says whether the file was sent whole.
 */
export const exportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const exports = app.listExports;

  app.get(
    '/exports/download',
    {
      config: { public: true },
      schema: {
        tags: ['exports'],
        security: [],
        querystring: downloadQuery,
        response: {
          // A stream is sent as it is (Fastify serializes no stream); declared for the docs.
          200: z.unknown().describe('The CSV file (text/csv, UTF-8 with a byte-order mark)'),
          403: errorEnvelope.describe(
            'The link is invalid, used or expired, or the session that asked for it has ended',
          ),
          429: errorEnvelope.describe(
            "The admin's previous export is still downloading; the link stays valid",
          ),
          503: errorEnvelope.describe(
            'As many exports are running as the API streams at once; the link stays valid',
          ),
        },
      },
    },
    async (request, reply) => {
      const file = await exports.open(request.query.token, {
        ip: request.ip,
        userAgent: boundedUserAgent(request.headers['user-agent']),
      });
      // Counted when it starts streaming (plugins/metrics.ts, README 'Metrics').
      app.metrics.exports.inc({ list: file.list });
      // A client that takes nothing for this long is cut (destroying the answer ends the
      // export): on PostgreSQL it holds a connection and a snapshot (decision 279).
      reply.raw.setTimeout(deps.config.EXPORT_STALL_SECONDS * 1000, () => reply.raw.destroy());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(cutWhenSlow(file.body, reply.raw, deps.config.EXPORT_STALL_SECONDS));
    },
  );

  app.get(
    '/exports/:id',
    {
      schema: {
        tags: ['exports'],
        params: uuidParam,
        response: { 200: exportStatusResponse, 404: errorEnvelope.describe('No such export') },
      },
    },
    async (request) => ok(await exports.status(request.params.id, request.admin.id)),
  );
};
