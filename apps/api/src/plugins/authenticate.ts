import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { verifyAccessToken } from '../lib/tokens.ts';
import { prepareAdminLookup } from '../modules/auth/admins.repository.ts';

export interface SignedInAdmin {
  id: string;
  email: string;
  fullName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that is not `config: { public: true }`. */
    admin: SignedInAdmin;
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
export function registerAuthentication(app: FastifyInstance, db: Db, jwtSecret: string): void {
  app.decorateRequest('admin', null as unknown as SignedInAdmin);
  const findAdmin = prepareAdminLookup(db);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config.public || !request.routeOptions.url) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new UnauthorizedError('You are not authorized: sign in first');
    const claims = await verifyAccessToken(jwtSecret, token);
    if (!claims) throw new UnauthorizedError('You are not authorized: the session has expired');
    const admin = await findAdmin(claims.adminId);
    if (!admin || !admin.isActive)
      throw new UnauthorizedError('You are not authorized: account disabled');
    // Raised by logout, password change or reset and reuse detection (docs/decisions/131): the
    // row is read anyway, so ending earlier tokens at once costs no query.
    if (admin.tokenVersion !== claims.tokenVersion)
      throw new UnauthorizedError('You are not authorized: the session has ended');
    request.admin = { id: admin.id, email: admin.email, fullName: admin.fullName };
  });
}
