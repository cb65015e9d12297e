import type { SecurityOverview, SessionItem, TotpSetup } from '@cask/contracts/security';
import { UAParser } from 'ua-parser-js';
import { policyBody } from '@cask/contracts/security';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import {
  approvalLink,
  type ApprovableAction,
  type ApprovedActor,
} from '../approvals/approvable.ts';
import { APPROVERS } from '../approvals/approvals.service.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { open as openSealed, seal } from '../../lib/secret-box.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  stepOfCode,
  totpOf,
} from '../../lib/totp.ts';
import * as admins from '../admins/admins.repository.ts';
import type { Caller } from './auth-common.ts';
import type { PasswordService } from './password.service.ts';
import { AUTHENTICATION_CODE_WRONG, type SecondFactorService } from './second-factor.service.ts';
import * as sessions from './sessions.repository.ts';
import * as twoFactor from './two-factor.repository.ts';

export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on';
export const SET_UP_YOURS_FIRST =
  'Set up two-factor authentication for yourself before requiring it of every admin';
export const SETUP_NOT_STARTED = 'Start the set-up again: no key is waiting for a code';

/** Who acts, in which session, from where. */
export interface SessionActor extends Caller {
  adminId: string;
  sessionId: string | null;
}

export interface SecurityServiceDeps {
  db: Db;
  totpKey: Buffer;
  password: PasswordService;
  secondFactor: SecondFactorService;
}

/** "Chrome 120" / "macOS 14" from a user agent; 'Unknown' for what ua-parser-js cannot tell. */
export function describeDevice(userAgent: string | null): { browser: string; system: string } {
  const parsed = new UAParser(userAgent ?? '').getResult();
  const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || 'Unknown browser', system: system || 'Unknown system' };
}

/** Settings -> Security (issue 28): sessions, TOTP and the policy. */
export function createSecurityService(deps: SecurityServiceDeps) {
  return {
    ...createSessionManagement(deps),
    ...createTotpManagement(deps),
    ...createTwoFactorPolicy(deps),
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;

/** The admin's own sessions: listed, and ended one by one or all but this one. */
function createSessionManagement({ db }: SecurityServiceDeps) {
  return {
    async listSessions(adminId: string, currentSessionId: string | null): Promise<SessionItem[]> {
      const rows = await sessions.listOpenSessions(db, adminId);
      return rows.map((row) => ({
        id: row.id,
        ...describeDevice(row.userAgent),
        ip: row.ip,
        signedInAt: row.createdAt.toISOString(),
        lastActiveAt: row.lastActiveAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one of the admin's sessions (404 when it is not theirs or already over). */
    async endSession(actor: SessionActor, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const ended = await sessions.endSessions(tx, actor.adminId, { id: sessionId });
        if (ended.length === 0) throw new NotFoundError('Session not found');
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'auth.session_ended',
          entity: 'session',
          entityId: sessionId,
          after: { current: sessionId === actor.sessionId },
          ip: actor.ip,
        });
      });
    },

    /** Ends every session of the admin but the one asking; returns how many ended. */
    async endOtherSessions(actor: SessionActor): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await sessions.endSessions(tx, actor.adminId, { allBut: actor.sessionId });
        // Families from before session rows have none to mark: their tokens end with them.
        await sessions.revokeOtherFamilies(tx, actor.adminId, actor.sessionId);
        if (ended.length > 0) {
          await writeAudit(tx, {
            adminId: actor.adminId,
            action: 'auth.other_sessions_ended',
            entity: 'session',
            entityId: actor.sessionId,
            after: { sessions: ended },
            ip: actor.ip,
          });
        }
        return ended.length;
      });
    },
  };
}

/** The admin's own TOTP: set up, turned off, and its recovery codes renewed. */
function createTotpManagement({ db, totpKey, password, secondFactor }: SecurityServiceDeps) {
  return {
    /** A new key, kept encrypted and pending until its first code: the QR code and the key. */
    async beginTotpSetup(actor: SessionActor): Promise<TotpSetup> {
      const admin = await admins.findAdminCredentialsById(db, actor.adminId);
      if (!admin) throw new NotFoundError('Admin not found');
      const secret = newTotpSecret();
      const saved = await twoFactor.savePendingTotp(db, admin.id, seal(totpKey, secret, admin.id));
      if (!saved) throw new ConflictError(TWO_FACTOR_ALREADY_ON);
      const uri = totpOf(secret, admin.email).toString();
      // Imported here, for the few who set up TOTP, rather than at start-up (docs/decisions/454).
      const { default: QRCode } = await import('qrcode');
      return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
    },

    /** The first code turns TOTP on and hands out the recovery codes, once. */
    async verifyTotpSetup(actor: SessionActor, code: string): Promise<string[]> {
      const pending = await twoFactor.findTotp(db, actor.adminId);
      if (!pending) throw new BadRequestError(SETUP_NOT_STARTED);
      if (pending.enabled) throw new ConflictError(TWO_FACTOR_ALREADY_ON);
      const step = stepOfCode(openSealed(totpKey, pending.secretEncrypted, actor.adminId), code);
      const codes = newRecoveryCodes();
      const enabled = await db.transaction(async (tx) => {
        if (step === null) return false;
        if (!(await twoFactor.spendStep(tx, actor.adminId, step, { enable: true }))) return false;
        await twoFactor.replaceRecoveryCodes(
          tx,
          actor.adminId,
          codes.map((code) => hashRecoveryCode(totpKey, code)),
        );
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'auth.two_factor_enabled',
          entity: 'admin',
          entityId: actor.adminId,
          after: { method: 'totp', recoveryCodes: codes.length },
          ip: actor.ip,
        });
        return true;
      });
      if (!enabled) {
        throw new BadRequestError(AUTHENTICATION_CODE_WRONG, [
          { field: 'code', message: AUTHENTICATION_CODE_WRONG },
        ]);
      }
      return codes;
    },

    /** Turning TOTP off takes the password and a code (or a recovery code). */
    async disableTotp(
      actor: SessionActor,
      body: { password: string; code: string },
      /** Whether the request comes from this admin's own browser (their device cookie). */
      options: { trustedDevice: (email: string) => boolean } = { trustedDevice: () => false },
    ): Promise<void> {
      const admin = await admins.findAdminCredentialsById(db, actor.adminId);
      if (!admin) throw new NotFoundError('Admin not found');
      const totp = await twoFactor.findTotp(db, admin.id);
      if (!totp?.enabled) throw new ConflictError(TWO_FACTOR_NOT_ON);
      await password.checkPassword(admin, body.password, actor, 'password');
      await secondFactor.checkSecondFactor(admin, { code: body.code }, actor, {
        trustedDevice: options.trustedDevice(admin.email),
      });
      await db.transaction(async (tx) => {
        await twoFactor.deleteTotp(tx, admin.id);
        await writeAudit(tx, {
          adminId: admin.id,
          action: 'auth.two_factor_disabled',
          entity: 'admin',
          entityId: admin.id,
          after: { by: 'self' },
          ip: actor.ip,
        });
      });
    },

    /** New recovery codes replace every earlier one (the admin lost or used them). */
    async regenerateRecoveryCodes(actor: SessionActor): Promise<string[]> {
      const totp = await twoFactor.findTotp(db, actor.adminId);
      if (!totp?.enabled) throw new ConflictError(TWO_FACTOR_NOT_ON);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await twoFactor.replaceRecoveryCodes(
          tx,
          actor.adminId,
          codes.map((code) => hashRecoveryCode(totpKey, code)),
        );
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'auth.recovery_codes_regenerated',
          entity: 'admin',
          entityId: actor.adminId,
          after: { recoveryCodes: codes.length },
          ip: actor.ip,
        });
      });
      return codes;
    },
  };
}

/** What the overview shows of two-factor, an Owner's reset of another admin's, and the policy. */
function createTwoFactorPolicy({ db }: SecurityServiceDeps) {
  return {
    async overview(adminId: string, canManagePolicy: boolean): Promise<SecurityOverview> {
      const [totp, left, policy] = await Promise.all([
        twoFactor.findTotp(db, adminId),
        twoFactor.countUnusedRecoveryCodes(db, adminId),
        twoFactor.readPolicy(db),
      ]);
      return {
        twoFactorEnabled: totp?.enabled ?? false,
        recoveryCodesLeft: totp?.enabled ? left : 0,
        requireTwoFactor: policy.requireTwoFactor,
        canManagePolicy,
      };
    },

    /** An owner resets another admin's two-factor (they lost their phone and codes). */
    async resetTwoFactorOf(actor: SessionActor, adminId: string): Promise<void> {
      if (adminId === actor.adminId) {
        throw new BadRequestError('Turn your own two-factor off on the Security screen');
      }
      const target = await admins.findAdminCredentialsById(db, adminId);
      if (!target) throw new NotFoundError('Admin not found');
      await db.transaction(async (tx) => {
        const wasOn = await twoFactor.deleteTotp(tx, adminId);
        if (!wasOn) throw new ConflictError(TWO_FACTOR_NOT_ON);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'auth.two_factor_reset',
          entity: 'admin',
          entityId: adminId,
          after: { email: target.email },
          ip: actor.ip,
        });
      });
    },
  };
}

type SecurityPolicy = { requireTwoFactor: boolean };

/**
 * PUT /security/policy (issue 28): Require two-factor on or off, audited. Whoever requires it of
 * everyone has it: they would be sent to set it up at once anyway (409). On approval (issue 45)
 * its audit row names the approval.
 */
async function saveSecurityPolicy(
  db: DbOrTx,
  actor: ApprovedActor,
  requireTwoFactor: boolean,
): Promise<SecurityPolicy> {
  if (requireTwoFactor && !(await twoFactor.findTotp(db, actor.adminId))?.enabled) {
    throw new ConflictError(SET_UP_YOURS_FIRST);
  }
  await db.transaction(async (tx) => {
    const before = await twoFactor.readPolicy(tx);
    await twoFactor.savePolicy(tx, { requireTwoFactor });
    await writeAudit(tx, {
      adminId: actor.adminId,
      action: 'security.policy_changed',
      entity: 'security_policy',
      entityId: null,
      before,
      after: { requireTwoFactor, ...approvalLink(actor) },
      ip: actor.ip,
    });
  });
  return { requireTwoFactor };
}

/**
 * The security policy's save as an approvable action (issue 45, decision 421): turning Require
 * two-factor off while it is on is approved by another Owner when the Approvals policy's 'Turn
 * off Require two-factor' is on; turning it on never waits. Its version is the setting itself.
 */
export const twoFactorOff: ApprovableAction<z.output<typeof policyBody>, SecurityPolicy> = {
  action: 'twoFactorOff',
  entity: 'security_policy',
  approvers: APPROVERS.twoFactorOff,
  body: policyBody,
  async needsApproval(policy, body, record) {
    if (body.requireTwoFactor) return false;
    if (!(await policy()).twoFactorOff.on) return false;
    return (await twoFactor.readPolicy(record.db)).requireTwoFactor;
  },
  async describe(tx, _recordId, body) {
    const current = await twoFactor.readPolicy(tx);
    const state = (on: boolean) => (on ? 'on' : 'off');
    return {
      version: String(current.requireTwoFactor),
      record: 'Security policy',
      summary: `Require two-factor: ${state(current.requireTwoFactor)} -> ${state(body.requireTwoFactor)}`,
      before: current,
      after: { requireTwoFactor: body.requireTwoFactor },
    };
  },
  run: (db, _recordId, body, actor) => saveSecurityPolicy(db, actor, body.requireTwoFactor),
};
