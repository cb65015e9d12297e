import type { TokenPair } from '@cask/contracts/auth';
import { writeAudit } from '../../db/audit.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { hashRefreshToken, successorRefreshToken } from '../../lib/tokens.ts';
import * as admins from '../admins/admins.repository.ts';
import {
  createSessionIssuer,
  SESSION_ENDED,
  userAgentOf,
  type AuthServiceDeps,
  type Caller,
} from './auth-common.ts';
import * as sessions from './sessions.repository.ts';

/** A session's tokens after sign-in: refreshed, and ended at logout (docs/decisions/130, 225). */
export function createSessionTokensService(deps: AuthServiceDeps) {
  const { db, config, jwtSecret } = deps;
  const { tokenPair } = createSessionIssuer(deps);

  return {
    /**
     * Rotates the refresh token. A token that was already rotated and comes back means two
     * parties hold it (theft or replay): the whole family, the newest token included, dies.
     * Except within the grace period, while its successor is still unused: that is two tabs of
     * one browser refreshing together, and each gets the same successor (docs/decisions/130).
     */
    async refresh(refreshToken: string, caller: Caller): Promise<TokenPair> {
      const successor = successorRefreshToken(jwtSecret, refreshToken);
      const outcome = await db.transaction(async (tx) => {
        const row = await sessions.findRefreshTokenForUpdate(
          tx,
          hashRefreshToken(refreshToken),
          config.REFRESH_REUSE_GRACE_SECONDS,
        );
        if (!row || row.revoked) return { kind: 'refused' as const };
        if (row.rotated) {
          const sameTabsRace =
            row.withinGrace &&
            (await sessions.isCurrentTokenOfFamily(tx, successor.hash, row.familyId));
          if (sameTabsRace) {
            const admin = await admins.findAdminCredentialsById(tx, row.adminId);
            if (!admin?.isActive) return { kind: 'refused' as const };
            return { kind: 'rotated' as const, admin, sessionId: row.familyId };
          }
          const revoked = await sessions.revokeRefreshTokenFamily(tx, row.familyId);
          await admins.endAccessTokensOf(tx, row.adminId);
          await writeAudit(tx, {
            adminId: row.adminId,
            action: 'auth.refresh_token_reused',
            entity: 'session',
            entityId: row.familyId,
            after: { revokedTokens: revoked },
            ip: caller.ip,
          });
          return { kind: 'refused' as const };
        }
        if (row.expired) return { kind: 'refused' as const };
        const admin = await admins.findAdminCredentialsById(tx, row.adminId);
        if (!admin?.isActive) return { kind: 'refused' as const };
        await sessions.markRefreshTokenRotated(tx, row.id);
        await sessions.insertRefreshToken(tx, {
          adminId: row.adminId,
          familyId: row.familyId,
          tokenHash: successor.hash,
        });
        await sessions.touchSession(tx, {
          id: row.familyId,
          adminId: row.adminId,
          userAgent: userAgentOf(caller),
          ip: caller.ip,
        });
        return { kind: 'rotated' as const, admin, sessionId: row.familyId };
      });
      if (outcome.kind === 'refused') throw new UnauthorizedError(SESSION_ENDED);
      return tokenPair(outcome.admin, {
        refreshToken: successor.token,
        sessionId: outcome.sessionId,
      });
    },

    /**
     * Ends the session the refresh token belongs to, and only it: its family and its access
     * tokens (by their session id); the admin's other browsers stay signed in
     * (docs/decisions/225). Unknown tokens end nothing, quietly.
     */
    async logout(refreshToken: string | undefined, caller: Caller): Promise<void> {
      if (!refreshToken) return;
      await db.transaction(async (tx) => {
        const row = await sessions.findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
        if (!row) return;
        const revoked = await sessions.revokeRefreshTokenFamily(tx, row.familyId);
        if (revoked === 0) return;
        // A family from before session rows has none: its row is written ended.
        await sessions.touchSession(tx, {
          id: row.familyId,
          adminId: row.adminId,
          userAgent: userAgentOf(caller),
          ip: caller.ip,
        });
        await sessions.endSessions(tx, row.adminId, { id: row.familyId });
        await writeAudit(tx, {
          adminId: row.adminId,
          action: 'auth.logout',
          entity: 'session',
          entityId: row.familyId,
          after: { revokedTokens: revoked },
          ip: caller.ip,
        });
      });
    },
  };
}

export type SessionTokensService = ReturnType<typeof createSessionTokensService>;
