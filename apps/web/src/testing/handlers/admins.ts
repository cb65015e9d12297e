import { http } from 'msw';
import {
  EMAIL_IS_INVITED,
  INVITE_LINK_INVALID,
  LAST_OWNER,
  type AdminAccount,
  type AdminAccountResponse,
  type AdminListResponse,
  type ChangeRoleBody,
  type InviteAdminBody,
  type InviteDetailsResponse,
} from '@cask/contracts/admins';
import { PASSWORD_TOO_COMMON, type LoginResponse } from '@cask/contracts/auth';
import type { MessageEnvelope } from '@cask/contracts/common';
import { COMMON_PASSWORD, GOOD_INVITE, GOOD_INVITE_TOKEN, testUuid } from '../factories.ts';
import { apiError, bodyOf, json, page, queryOf } from '../respond.ts';
import { sendForApproval } from './approvals.ts';
import { db } from '../store.ts';
import { proofMissing } from './auth.ts';

const account = (data: AdminAccount, message: string) =>
  json(200, { success: true, message, data: { admin: data } } satisfies AdminAccountResponse);

/** The row a change names, or undefined (then no handler here answers). */
const rowOf = (id: unknown) => db().admins.find((row) => row.id === id);

/**
 * The Admins screen's calls and accept-invite, as modules/admins answers them; every change needs
 * a recent proof (step-up: ./auth.ts).
 */
export const adminsHandlers = [
  http.get('/api/admins', ({ request }) => {
    const { rows, pagination } = page(db().admins, queryOf(request), 10);
    return json(200, {
      success: true,
      data: { admins: rows, pagination },
    } satisfies AdminListResponse);
  }),
  http.post('/api/admins/invites', async ({ request }) => {
    const refused = proofMissing();
    if (refused) return refused;
    const { reason, ...invite } = await bodyOf<InviteAdminBody>(request);
    // Issue 45: an Owner's invite, while the Approvals policy says so, waits for another Owner.
    if (invite.role === 'owner' && db().approvalPolicy.ownerInvite.on) {
      return sendForApproval(reason, {
        action: 'ownerInvite',
        recordId: null,
        record: invite.email,
        summary: `Invite ${invite.fullName} as Owner`,
        before: {},
        after: { role: 'owner' },
      });
    }
    if (db().admins.some((row) => row.email === invite.email)) {
      return apiError(409, EMAIL_IS_INVITED);
    }
    const row: AdminAccount = {
      id: testUuid(),
      ...invite,
      status: 'invited',
      twoFactorEnabled: false,
      lastSignedInAt: null,
      createdAt: new Date().toISOString(),
    };
    db().admins.unshift(row);
    return account(row, 'Invite sent');
  }),
  http.get('/api/auth/accept-invite', ({ request }) => {
    if (queryOf(request).token !== GOOD_INVITE_TOKEN || db().inviteSpent) {
      return apiError(404, INVITE_LINK_INVALID);
    }
    return json(200, { success: true, data: GOOD_INVITE } satisfies InviteDetailsResponse);
  }),
  http.post('/api/auth/accept-invite', async ({ request }) => {
    const { token, password } = await bodyOf<{ token: string; password: string }>(request);
    if (token !== GOOD_INVITE_TOKEN || db().inviteSpent) {
      return apiError(400, INVITE_LINK_INVALID, {
        errors: [{ field: 'token', message: INVITE_LINK_INVALID }],
      });
    }
    if (password === COMMON_PASSWORD) {
      return apiError(400, PASSWORD_TOO_COMMON, {
        errors: [{ field: 'password', message: PASSWORD_TOO_COMMON }],
      });
    }
    db().inviteSpent = true;
    return json(200, {
      success: true,
      message: 'Welcome to Cask Admin',
      data: { accessToken: 'invited-access', refreshToken: 'invited-refresh' },
    } satisfies LoginResponse);
  }),
  http.delete('/api/admins/invites/:id', ({ params }) => {
    const target = rowOf(params.id);
    if (!target) return undefined;
    const refused = proofMissing();
    if (refused) return refused;
    db().admins = db().admins.filter((row) => row !== target);
    return json(200, { success: true, message: 'Invite withdrawn', data: { id: target.id } });
  }),
  http.post('/api/admins/invites/:id/resend', ({ params }) => {
    const target = rowOf(params.id);
    if (!target) return undefined;
    return (
      proofMissing() ?? account(Object.assign(target, { status: 'invited' }), 'Invite sent again')
    );
  }),
  http.all('/api/admins/:id/:action', async ({ request, params }) => {
    const target = rowOf(params.id);
    const action = params.action as string;
    if (!target || request.method === 'GET') return undefined;
    if (!['role', 'disable', 'enable', 'two-factor'].includes(action)) return undefined;
    const refused = proofMissing();
    if (refused) return refused;
    if (action === 'two-factor') {
      Object.assign(target, { twoFactorEnabled: false });
      return json(200, {
        success: true,
        message: 'Two-factor authentication reset',
      } satisfies MessageEnvelope);
    }
    const body = action === 'role' ? await bodyOf<ChangeRoleBody>(request) : undefined;
    const owners = db().admins.filter((row) => row.role === 'owner' && row.status === 'active');
    const losesOwner =
      target.role === 'owner' &&
      (action === 'disable' || (action === 'role' && body?.role !== 'owner'));
    if (losesOwner && owners.length <= 1) return apiError(409, LAST_OWNER);
    // Issue 45: a promotion to Owner, while the Approvals policy says so, waits for another Owner.
    if (body?.role === 'owner' && target.role !== 'owner' && db().approvalPolicy.ownerInvite.on) {
      return sendForApproval(body.reason, {
        action: 'ownerPromotion',
        recordId: target.id,
        record: target.fullName,
        summary: `Role: ${target.role} -> owner`,
        before: { role: target.role },
        after: { role: 'owner' },
      });
    }
    if (body) return account(Object.assign(target, { role: body.role }), 'Role changed');
    if (action === 'disable')
      return account(Object.assign(target, { status: 'disabled' }), 'Admin disabled');
    return account(Object.assign(target, { status: 'active' }), 'Admin enabled');
  }),
];
