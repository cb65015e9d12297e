import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { INVITE_LINK_INVALID } from '@cask/contracts/admins';
import { createAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { newIp } from '../../../test/support/requests.ts';
import { inviteLinkIn } from '../../../test/support/smtp-sink.ts';

// Issue 41 item 9: the Accept Invite page checks its link when it opens, and says whose account
// it sets up, in which role, and who invited them.
const ctx = useTestContext();

function details(token: string, ip = newIp()) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/auth/accept-invite?token=${encodeURIComponent(token)}`,
    remoteAddress: ip,
  });
}

/** Invites `email` as an Admin and returns its link's token, out of the quoted-printable mail. */
async function inviteAndGetToken(headers: { authorization: string }, email: string) {
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/admins/invites',
    headers,
    payload: { fullName: 'Nina New', email, role: 'admin' },
  });
  expect(sent.statusCode).toBe(200);
  const { token } = await inviteLinkIn(ctx, email);
  return { token, inviteId: sent.json().data.admin.id as string };
}

const GONE = { success: false, message: INVITE_LINK_INVALID };

test('a valid link tells the e-mail, the role and the inviter; a used one, a withdrawn one and a made-up one only that it is no longer valid', async () => {
  const owner = await createAdmin(ctx, { role: 'owner', fullName: 'Olive Owner' });
  const email = `invitee-${randomBytes(4).toString('hex')}@example.com`;
  const { token } = await inviteAndGetToken(owner.headers, email);

  const open = await details(token);
  expect(open.statusCode).toBe(200);
  expect(open.json()).toEqual({
    success: true,
    data: { fullName: 'Nina New', email, role: 'admin', invitedBy: 'Olive Owner' },
  });
  // The token travels in the query string: it never reaches the log.
  expect(ctx.logs.join('')).not.toContain(token);

  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/accept-invite',
    payload: { token, password: 'nina-sets-this-1' },
    remoteAddress: newIp(),
  });
  expect(accepted.statusCode).toBe(200);
  const used = await details(token);
  expect(used.statusCode).toBe(404);
  expect(used.json()).toEqual(GONE);

  const otherEmail = `invitee-${randomBytes(4).toString('hex')}@example.com`;
  const withdrawn = await inviteAndGetToken(owner.headers, otherEmail);
  const removal = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/admins/invites/${withdrawn.inviteId}`,
    headers: owner.headers,
  });
  expect(removal.statusCode).toBe(200);
  const afterWithdrawal = await details(withdrawn.token);
  expect(afterWithdrawal.statusCode).toBe(404);
  expect(afterWithdrawal.json()).toEqual(GONE);

  const madeUp = await details('not-a-real-token');
  expect(madeUp.statusCode).toBe(404);
  expect(madeUp.json()).toEqual(GONE);

  const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/accept-invite' });
  expect(missing.statusCode).toBe(400);
});

test('the look-up is rate-limited per address as the acceptance is', async () => {
  const ip = newIp();
  for (let i = 0; i < 10; i++) {
    expect((await details(`guess-${i}`, ip)).statusCode).toBe(404);
  }
  expect((await details('guess-10', ip)).statusCode).toBe(429);
  expect((await details('guess-11')).statusCode).toBe(404);
});
