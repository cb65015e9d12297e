import { expect, test } from 'vitest';
import { INVITE_LINK_INVALID } from '@cask/contracts/admins';
import { createAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { newIp } from '../../../test/support/requests.ts';
import { acceptInvite, inviteDetails, inviteWithToken } from '../../../test/support/admins.ts';

// Issue 41 item 9: the Accept Invite page checks its link when it opens, and says whose account
// it sets up, in which role, and who invited them.
const ctx = useTestContext();

const GONE = { success: false, message: INVITE_LINK_INVALID };

test('a valid link tells the e-mail, the role and the inviter; a used one, a withdrawn one and a made-up one only that it is no longer valid', async () => {
  const owner = await createAdmin(ctx, { role: 'owner', fullName: 'Olive Owner' });
  const { token, email } = await inviteWithToken(ctx, owner, { role: 'admin' });

  const open = await inviteDetails(ctx, token);
  expect(open.statusCode).toBe(200);
  expect(open.json()).toEqual({
    success: true,
    data: { fullName: 'Nina New', email, role: 'admin', invitedBy: 'Olive Owner' },
  });
  // The token travels in the query string: it never reaches the log.
  expect(ctx.logs.join('')).not.toContain(token);

  const accepted = await acceptInvite(ctx, token, 'nina-sets-this-1');
  expect(accepted.statusCode).toBe(200);
  const used = await inviteDetails(ctx, token);
  expect(used.statusCode).toBe(404);
  expect(used.json()).toEqual(GONE);

  const withdrawn = await inviteWithToken(ctx, owner, { role: 'admin' });
  const removal = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/admins/invites/${withdrawn.inviteId}`,
    headers: owner.headers,
  });
  expect(removal.statusCode).toBe(200);
  const afterWithdrawal = await inviteDetails(ctx, withdrawn.token);
  expect(afterWithdrawal.statusCode).toBe(404);
  expect(afterWithdrawal.json()).toEqual(GONE);

  const madeUp = await inviteDetails(ctx, 'not-a-real-token');
  expect(madeUp.statusCode).toBe(404);
  expect(madeUp.json()).toEqual(GONE);

  const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/accept-invite' });
  expect(missing.statusCode).toBe(400);
});

test('the look-up is rate-limited per address as the acceptance is', async () => {
  const ip = newIp();
  for (let i = 0; i < 10; i++) {
    expect((await inviteDetails(ctx, `guess-${i}`, ip)).statusCode).toBe(404);
  }
  expect((await inviteDetails(ctx, 'guess-10', ip)).statusCode).toBe(429);
  expect((await inviteDetails(ctx, 'guess-11')).statusCode).toBe(404);
});
