import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AdminRole } from '@cask/contracts/admins';
import type { Database } from '../db/client.ts';
import { ACCOUNT_DISABLED, TOKEN_ENDED, UnauthorizedError } from '../lib/errors.ts';
import { hooksOf } from '../lib/route-hooks.ts';
import { knownAccessToken, verifyAccessToken, type AccessClaims } from '../lib/tokens.ts';
import { prepareAdminLookup } from '../modules/auth/admins.repository.ts';
import { viewerRefusal } from './roles.ts';

export interface SignedInAdmin {
  id: string;
  email: string;
  fullName: string;
  /** What the admin may do (DESIGN.md §8, docs/decisions/220), as of this request. */
  role: AdminRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that is not `config: { public: true }`, by the look-up below. */
    admin: SignedInAdmin;
    /** The verified token's claims (every route that is not public). */
    accessClaims: AccessClaims;
  }
  interface FastifyContextConfig {
    /** Opt out of authentication (sign-in, recovery, health, docs). Secure by default. */
    public?: boolean;
  }
}

/**
 * DESIGN.md §5: every route but sign-in, recovery, health and static files requires a valid
 * access token of an active admin. Authentication is on by default; routes opt out explicitly.
 */
export function registerAuthentication(
  app: FastifyInstance,
  database: Pick<Database, 'readRows'>,
  jwtSecret: string,
): void {
  app.decorateRequest('admin', null as unknown as SignedInAdmin);
  app.decorateRequest('accessClaims', null as unknown as AccessClaims);
  const findAdmin = prepareAdminLookup(database);

  const admit = (request: FastifyRequest, claims: AccessClaims | null, done: Done) => {
    if (!claims)
      return done(new UnauthorizedError('You are not authorized: the session has expired'));
    request.accessClaims = claims;
    // One primary-key read a request, never cached: disabling an admin or ending their tokens
    // takes effect on the next request, on every instance (DESIGN.md §5).
    findAdmin(claims.adminId).then((admin) => {
      if (!admin || !admin.isActive) return done(new UnauthorizedError(ACCOUNT_DISABLED));
      // Raised by logout, password change or reset and reuse detection (docs/decisions/131): the
      // row is read anyway, so ending earlier tokens at once costs no query.
      if (admin.tokenVersion !== claims.tokenVersion)
        return done(new UnauthorizedError(TOKEN_ENDED));
      request.admin = {
        id: admin.id,
        email: admin.email,
        fullName: admin.fullName,
        role: admin.role,
      };
      // A Viewer's change is refused here, once for every route (docs/decisions/220).
      done(viewerRefusal(request, admin.role));
    }, done);
  };

  // Callback hooks, not async ones, and a token verified before is admitted without a promise
  // (docs/decisions/183): a list request went through four promises here before its handler.
  const authenticate: onRequestHookHandler = (request, _reply, done) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return done(new UnauthorizedError('You are not authorized: sign in first'));
    const known = knownAccessToken(jwtSecret, token);
    if (known !== undefined) return admit(request, known, done);
    verifyAccessToken(jwtSecret, token).then((claims) => admit(request, claims, done), done);
  };

  // Only the routes that need them run these hooks: a public route (health, sign-in, the web
  // app's files) pays nothing for them. onRoute sees every route registered after this. Each
  // goes first among the route's own hooks, as a global hook ran before them.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    route.onRequest = [authenticate, ...hooksOf(route.onRequest)];
  });
}

type Done = (error?: Error) => void;
