import type { FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify';
import { OWNER_ONLY, VIEWER_READ_ONLY, type AdminRole } from '@cask/contracts/admins';
import { ForbiddenError } from '../lib/errors.ts';

/**
 * docs/architecture.md#roles (docs/decisions/220). The methods that read: everything else changes
 * something, so a Viewer's request with any other method is refused in one place, the
 * authentication plugin, before any route code runs.
 */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The writes a Viewer may make are marked on their routes, with the reason, as
 * `config: { viewerMayWrite: <reason> }` (issue 42, docs/decisions/370): only their own account,
 * which changes no business data (their name, phone and picture, their password, their second
 * factors, passkeys and sessions, and the step-up that confirms it is them), exports and an
 * import's preview, which are reads. Sign-out is public and needs no mark. A route without the mark is refused to Viewers;
 * the OpenAPI document shows the mark as `x-viewer-may-write`, where
 * test/viewer-read-only.test.ts reads every one.
 */
export const OWN_ACCOUNT = 'Their own account, which changes no business data';
/** docs/architecture.md#roles: a Viewer reads and exports; the POST only mints the link. */
export const EXPORT_IS_A_READ = 'An export is a read: the POST only mints its link';
/**
 * An import's preview (and its report) sends a file to be read and checked, and writes nothing;
 * its apply is a change, refused to a Viewer (issue 44, lib/csv-import.ts, decision 404).
 */
export const PREVIEW_IS_A_READ = 'A preview is a read: it checks the file and writes nothing';

/** Where the OpenAPI document shows a route's `viewerMayWrite`. */
export const VIEWER_WRITE_EXTENSION = 'x-viewer-may-write';

declare module 'fastify' {
  interface FastifySchema {
    /** The route's `config.viewerMayWrite`, for the OpenAPI document (an `x-` extension). */
    [VIEWER_WRITE_EXTENSION]?: string;
  }
}

/** Shows the route's `viewerMayWrite` in the OpenAPI document (an onRoute step). */
export function documentViewerWrite(route: RouteOptions): void {
  const reason = route.config?.viewerMayWrite;
  if (reason === undefined) return;
  route.schema = { ...route.schema, [VIEWER_WRITE_EXTENSION]: reason };
}

/** The refusal for a Viewer's change, or undefined when the request may go on. */
export function viewerRefusal(request: FastifyRequest, role: AdminRole): Error | undefined {
  if (role !== 'viewer' || READING_METHODS.has(request.method)) return undefined;
  if (request.routeOptions.config.viewerMayWrite !== undefined) return undefined;
  return new ForbiddenError(VIEWER_READ_ONLY);
}

/**
 * A route's preParsing hook: only an Owner may go on (managing admins, docs/architecture.md#roles).
 * preParsing, the phase in which the token is checked, after it (plugins/authenticate.ts).
 */
export const ownerOnly: preParsingHookHandler = ownerOnlyBecause(OWNER_ONLY);

/**
 * A route's preParsing hook like `ownerOnly`, refusing anyone else with the route's own message
 * (verifying the audit log is not managing admins, issue 45).
 */
export function ownerOnlyBecause(message: string): preParsingHookHandler {
  return (request, _reply, _payload, done) => {
    done(request.admin.role === 'owner' ? undefined : new ForbiddenError(message));
  };
}
