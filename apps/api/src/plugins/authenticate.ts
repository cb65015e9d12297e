import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { ACCOUNT_DISABLED, TOKEN_ENDED, UnauthorizedError } from '../lib/errors.ts';
import { verifyAccessToken, type AccessClaims } from '../lib/tokens.ts';
import { prepareAdminLookup } from '../modules/auth/admins.repository.ts';

export interface SignedInAdmin {
  id: string;
  email: string;
  fullName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set for every route that is not `config: { public: true }`: by the look-up below, or, on a
     * list route, by the list's own statement (see `adminReadWithList`).
     */
    admin: SignedInAdmin;
    /** The verified token's claims (every route that is not public). */
    accessClaims: AccessClaims;
  }
  interface FastifyContextConfig {
    /** Opt out of authentication (sign-in, recovery, health, docs). Secure by default. */
    public?: boolean;
    /**
     * A list route (db/list-pipeline.ts, docs/decisions/170): the token is verified here, and the
     * admin's row is read and checked by the list's one statement instead of a look-up of its own.
     * Nothing is sent unless the handler has set `request.admin`.
     */
    adminReadWithList?: boolean;
  }
}

/**
 * DESIGN.md §5: every route but sign-in, recovery, health and static files requires a valid
 * access token of an active admin. Authentication is on by default; routes opt out explicitly.
 */
export function registerAuthentication(app: FastifyInstance, db: Db, jwtSecret: string): void {
  app.decorateRequest('admin', null as unknown as SignedInAdmin);
  app.decorateRequest('accessClaims', null as unknown as AccessClaims);
  const findAdmin = prepareAdminLookup(db);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config.public || !request.routeOptions.url) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new UnauthorizedError('You are not authorized: sign in first');
    const claims = await verifyAccessToken(jwtSecret, token);
    if (!claims) throw new UnauthorizedError('You are not authorized: the session has expired');
    request.accessClaims = claims;
    if (request.routeOptions.config.adminReadWithList) return;
    const admin = await findAdmin(claims.adminId);
    if (!admin || !admin.isActive) throw new UnauthorizedError(ACCOUNT_DISABLED);
    // Raised by logout, password change or reset and reuse detection (docs/decisions/131): the
    // row is read anyway, so ending earlier tokens at once costs no query.
    if (admin.tokenVersion !== claims.tokenVersion) throw new UnauthorizedError(TOKEN_ENDED);
    request.admin = { id: admin.id, email: admin.email, fullName: admin.fullName };
  });
  // The guard of `adminReadWithList`: a list route whose handler did not check the admin (through
  // db/list-pipeline.ts) sends nothing it read.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const { config } = request.routeOptions;
    if (config.public || !config.adminReadWithList || reply.statusCode >= 400) return payload;
    if (!request.admin) throw new UnauthorizedError(ACCOUNT_DISABLED);
    return payload;
  });
}
