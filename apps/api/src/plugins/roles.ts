import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { EXPORT_LISTS } from '@cask/contracts/exports';
import { OWNER_ONLY, VIEWER_READ_ONLY, type AdminRole } from '@cask/contracts/admins';
import { ForbiddenError } from '../lib/errors.ts';

/**
 * docs/architecture.md#roles (docs/decisions/220). The methods that read: everything else changes
 * something, so a Viewer's request with any other method is refused in one place, the
 * authentication plugin, before any route code runs.
 */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The only writes a Viewer may make: to their own account, which changes no business data (their
 * name, phone and picture, their password). Sign-out is public and needs no entry. A new route is
 * refused to Viewers until it is added here, with the reason, and the test in
 * test/viewer-read-only.test.ts lists this set.
 */
export const VIEWER_MAY_WRITE: ReadonlySet<string> = new Set([
  'PUT /api/auth/profile',
  'POST /api/auth/upload-avatar',
  'POST /api/auth/change-password',
  // Their own second factors, passkeys and sessions, and the step-up that confirms it is them
  // (issue 28): securing their own account changes no business data.
  'POST /api/auth/reauthenticate',
  'POST /api/auth/reauthenticate/passkey/options',
  'POST /api/security/two-factor/setup',
  'POST /api/security/two-factor/verify',
  'POST /api/security/two-factor/disable',
  'POST /api/security/two-factor/recovery-codes',
  'POST /api/security/passkeys/options',
  'POST /api/security/passkeys',
  'DELETE /api/security/passkeys/:id',
  'DELETE /api/security/sessions/:id',
  'POST /api/security/sessions/end-others',
  // Exports are reads (docs/architecture.md#roles: a Viewer reads and exports); the POST only mints
  // the link.
  ...EXPORT_LISTS.map((list) => `POST /api/exports/${list}`),
]);

/** The refusal for a Viewer's change, or undefined when the request may go on. */
export function viewerRefusal(request: FastifyRequest, role: AdminRole): Error | undefined {
  if (role !== 'viewer' || READING_METHODS.has(request.method)) return undefined;
  if (VIEWER_MAY_WRITE.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return undefined;
  return new ForbiddenError(VIEWER_READ_ONLY);
}

/**
 * A route's preParsing hook: only an Owner may go on (managing admins, docs/architecture.md#roles).
 * preParsing, the phase in which the token is checked, after it (plugins/authenticate.ts).
 */
export const ownerOnly: preParsingHookHandler = (request, _reply, _payload, done) => {
  done(request.admin.role === 'owner' ? undefined : new ForbiddenError(OWNER_ONLY));
};
