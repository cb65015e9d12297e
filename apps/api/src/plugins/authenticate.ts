import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { AdminRole } from '@cask/contracts/admins';
import type { Database } from '../db/client.ts';
import {
  ACCOUNT_DISABLED,
  CodedForbiddenError,
  REAUTHENTICATION_REQUIRED,
  TOKEN_ENDED,
  TWO_FACTOR_SETUP_REQUIRED,
  UnauthorizedError,
} from '../lib/errors.ts';
import { hooksOf } from '../lib/route-hooks.ts';
import { knownAccessToken, verifyAccessToken, type AccessClaims } from '../lib/tokens.ts';
import { prepareAdminLookup } from '../modules/admins/admins.repository.ts';
import { markSessionActive } from '../modules/auth/sessions.repository.ts';
import { documentViewerWrite, viewerRefusal } from './roles.ts';

export interface SignedInAdmin {
  id: string;
  email: string;
  fullName: string;
  /** What the admin may do (docs/architecture.md#roles, docs/decisions/220), as of this request. */
  role: AdminRole;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that is not `config: { public: true }`, by the look-up below. */
    admin: SignedInAdmin;
    /** The verified token's claims (every route that is not public). */
    accessClaims: AccessClaims;
    /** The token's session: its id and how long ago the admin last proved who they are. */
    session: SignedInSession;
  }
  interface FastifyContextConfig {
    /** Opt out of authentication (sign-in, recovery, health, docs). Secure by default. */
    public?: boolean;
    /**
     * Why a Viewer may make this write (plugins/roles.ts, docs/decisions/370); without it a
     * Viewer's write is refused.
     */
    viewerMayWrite?: string;
    /**
     * Open to an admin the two-factor policy has not let in yet (setting up TOTP, the profile
     * the layout reads, the session list): every other route answers 403 until they have one.
     */
    beforeSecondFactor?: boolean;
    /**
     * Step-up (issue 28): the admin must have proved who they are in this session within
     * STEP_UP_WINDOW_SECONDS (config.ts), else 403 `reauthentication_required` until POST /auth/reauthenticate.
     */
    recentAuthentication?: boolean;
  }
}

export interface SignedInSession {
  id: string | null;
  authenticatedSecondsAgo: number | null;
}

/**
 * docs/architecture.md#authentication: every route but sign-in, recovery, health and static files
 * requires a valid access token of an active admin. Authentication is on by default; routes opt out
 * explicitly.
 */
export function registerAuthentication(
  app: FastifyInstance,
  database: Pick<Database, 'readRows' | 'db'>,
  jwtSecret: string,
  /** How long a proof of identity covers the changes that ask for a recent one (config.ts). */
  stepUpWindowSeconds: number,
): void {
  app.decorateRequest('admin', null as unknown as SignedInAdmin);
  app.decorateRequest('accessClaims', null as unknown as AccessClaims);
  app.decorateRequest('session', null as unknown as SignedInSession);
  const findAdmin = prepareAdminLookup(database);

  const admit = (request: FastifyRequest, claims: AccessClaims | null, done: Done) => {
    if (!claims)
      return done(new UnauthorizedError('You are not authorized: the session has expired'));
    request.accessClaims = claims;
    // One primary-key read a request, never cached: disabling an admin or ending their tokens
    // takes effect on the next request, on every instance (docs/architecture.md#authentication).
    findAdmin(claims.adminId, claims.sessionId ?? null).then((admin) => {
      if (!admin || !admin.isActive) return done(new UnauthorizedError(ACCOUNT_DISABLED));
      // Raised by logout, password change or reset and reuse detection (docs/decisions/131): the
      // row is read anyway, so ending earlier tokens at once costs no query.
      if (admin.tokenVersion !== claims.tokenVersion)
        return done(new UnauthorizedError(TOKEN_ENDED));
      // A token of a session that was ended (from the session list, or by its logout) is refused
      // at once; the admin's other sessions go on (docs/decisions/225).
      if (claims.sessionId && !admin.sessionLive) return done(new UnauthorizedError(TOKEN_ENDED));
      if (
        admin.twoFactorRequired &&
        !admin.hasSecondFactor &&
        !request.routeOptions.config.beforeSecondFactor
      ) {
        return done(
          new CodedForbiddenError(
            'Set up two-factor authentication to continue',
            TWO_FACTOR_SETUP_REQUIRED,
          ),
        );
      }
      if (
        request.routeOptions.config.recentAuthentication &&
        !(
          admin.authenticatedSecondsAgo !== null &&
          admin.authenticatedSecondsAgo <= stepUpWindowSeconds
        )
      ) {
        return done(
          new CodedForbiddenError(
            'Please confirm your password to continue',
            REAUTHENTICATION_REQUIRED,
          ),
        );
      }
      // The session list's 'Last active' (issue 41, docs/decisions/323): the look-up says when the session has been
      // idle for a minute, and one write, not awaited, moves it on. The answer never waits for
      // it, and a failure only leaves the time where it was.
      if (claims.sessionId && admin.sessionIdle) {
        markSessionActive(database.db, claims.sessionId).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not record the session as active');
        });
      }
      request.session = {
        id: claims.sessionId ?? null,
        authenticatedSecondsAgo: admin.authenticatedSecondsAgo,
      };
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
  const authenticate: preParsingHookHandler = (request, _reply, _payload, done) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return done(new UnauthorizedError('You are not authorized: sign in first'));
    const known = knownAccessToken(jwtSecret, token);
    if (known !== undefined) return admit(request, known, done);
    verifyAccessToken(jwtSecret, token).then((claims) => admit(request, claims, done), done);
  };

  // Only the routes that need them run these hooks: a public route (health, sign-in, the web
  // app's files) pays nothing for them. onRoute sees every route registered after this. The token
  // is checked in preParsing, the phase after onRequest, where @fastify/rate-limit counts: every
  // request is counted before it can be refused for its token (docs/decisions/350). It goes first
  // among the route's own preParsing hooks (`ownerOnly`), which read the admin it sets.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    documentViewerWrite(route);
    route.preParsing = [authenticate, ...hooksOf(route.preParsing)];
  });
}

type Done = (error?: Error) => void;
