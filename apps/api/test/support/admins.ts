import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import { getData, newIp, postAnonymous } from './requests.ts';
import { inviteLinkIn } from './smtp-sink.ts';
import type { TestAdmin } from './sign-in.ts';

// Admin Management's invites (decision 220): an Owner invites, the invitee accepts by the mail's link.

/** An invitee's address no other test uses. */
export function inviteeEmail(): string {
  return `invitee-${randomBytes(4).toString('hex')}@example.com`;
}

/**
 * POST an invite as `by`: Nina New, a fresh address, a Viewer, unless `body` says otherwise.
 * The answer, whatever it is.
 */
export function inviteAdmin(
  ctx: Pick<TestContext, 'app'>,
  by: TestAdmin,
  body: { fullName?: string; email?: string; role?: string } = {},
): Promise<InjectResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admins/invites',
    headers: by.headers,
    payload: { fullName: 'Nina New', email: inviteeEmail(), role: 'viewer', ...body },
  });
}

/** Accepts the invite of `token` with `password`, from an address of its own: the answer. */
export function acceptInvite(
  ctx: Pick<TestContext, 'app'>,
  token: string,
  password = 'a fresh pass 1',
): Promise<InjectResponse> {
  return postAnonymous(ctx, '/api/auth/accept-invite', { token, password });
}

/** Admin Management's rows as `by` reads them (up to 100); expects 200. */
export async function listedAdmins(ctx: Pick<TestContext, 'app'>, by: TestAdmin) {
  const data = await getData<{
    data: { admins: { id: string; email: string; status: string; role: string }[] };
  }>(ctx, by, '/api/admins', { limit: 100 });
  return data.admins;
}

/**
 * Invites an admin as `by` (`inviteAdmin`'s fields, `body` on top); expects 200 and answers the
 * invite's id and its link's token, out of the quoted-printable mail.
 */
export async function inviteWithToken(
  ctx: Pick<TestContext, 'app' | 'smtp'>,
  by: TestAdmin,
  body: { fullName?: string; email?: string; role?: string } = {},
): Promise<{ token: string; inviteId: string; email: string }> {
  const email = body.email ?? inviteeEmail();
  const sent = await inviteAdmin(ctx, by, { ...body, email });
  expect(sent.statusCode, sent.body).toBe(200);
  const { token } = await inviteLinkIn(ctx, email);
  return { token, inviteId: sent.json().data.admin.id as string, email };
}

/** What the Accept Invite page reads of the invite of `token` (its link opened from `ip`): the answer. */
export function inviteDetails(ctx: Pick<TestContext, 'app'>, token: string, ip = newIp()) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/auth/accept-invite?token=${encodeURIComponent(token)}`,
    remoteAddress: ip,
  });
}
