import { expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestContext } from '../../test/support/app.ts';
import { adminApi } from '../../test/support/api.ts';
import { createAdmin, provedSecondsAgo } from '../../test/support/sign-in.ts';

// STEP_UP_WINDOW_SECONDS (docs/decisions/358): how long a proof of identity covers the changes
// that ask for a recent one. Ten minutes unless set; the end-to-end servers set a shorter one.
const ctx = useTestContext({ STEP_UP_WINDOW_SECONDS: '90' });

test('a proof of identity covers the changes that ask for one for STEP_UP_WINDOW_SECONDS', async () => {
  const owner = await createAdmin(ctx, { role: 'owner' });
  // A change that asks for a recent proof, sent with a body it refuses: it changes nothing.
  const inviteWithoutBody = async () => {
    const res = await adminApi(ctx, owner).post('/api/admins/invites', {});
    return { status: res.statusCode, code: res.json<{ code?: string }>().code };
  };
  // Within the window the request reaches its validation (400); past it, step-up is asked first.
  await provedSecondsAgo(ctx, owner, 60);
  expect((await inviteWithoutBody()).status).toBe(400);
  await provedSecondsAgo(ctx, owner, 120);
  expect(await inviteWithoutBody()).toEqual({
    status: 403,
    code: 'reauthentication_required',
  });
});

test('the window is ten minutes unless set, and must be a positive number of seconds', () => {
  expect(loadConfig({}).STEP_UP_WINDOW_SECONDS).toBe(600);
  expect(loadConfig({ STEP_UP_WINDOW_SECONDS: '45' }).STEP_UP_WINDOW_SECONDS).toBe(45);
  for (const bad of ['0', '-5', 'ten', '86401']) {
    expect(() => loadConfig({ STEP_UP_WINDOW_SECONDS: bad })).toThrow(/STEP_UP_WINDOW_SECONDS/);
  }
});
