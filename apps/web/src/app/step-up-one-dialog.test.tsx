import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import type { AdminAccount } from '@cask/contracts/admins';
import { seedApi, olive, STEP_UP_PASSWORD } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

const dora: AdminAccount = {
  id: '5c2e8a1d-3f4b-4d6e-9a7c-1b2d3e4f5a61',
  fullName: 'Dora Doer',
  email: 'dora@example.com',
  role: 'admin',
  status: 'active',
  twoFactorEnabled: false,
  lastSignedInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

// Issue 41 (docs/decisions/329): the step-up dialog replaces the dialog whose action asked for
// it, rather than stacking over it; that dialog comes back once the admin has answered.
test('the step-up dialog replaces the dialog that asked, and the action resumes after it', async () => {
  const api = seedApi({ profile: olive, stepUpStale: true });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(await screen.findByRole('button', { name: 'Invite Admin' }));
  const invite = await screen.findByRole('dialog', { name: 'Invite Admin' });
  await user.type(within(invite).getByLabelText('Name'), 'Vera Viewer');
  await user.type(within(invite).getByLabelText('Email'), 'vera@example.com');
  await user.click(within(invite).getByRole('button', { name: 'Send Invite' }));

  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  // One dialog at a time: the invite is hidden (from sight and from assistive technology).
  expect(screen.getAllByRole('dialog')).toEqual([stepUp]);
  expect(invite).not.toBeVisible();

  await user.type(
    within(stepUp).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Invite sent to vera@example.com')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('POST', '/api/admins/invites')).toHaveLength(2);
});

test('cancelling the step-up brings back the dialog that asked, saying why nothing changed', async () => {
  seedApi({ profile: olive, admins: [dora], stepUpStale: true });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await screen.findByRole('cell', { name: 'Dora Doer' });
  await user.click(screen.getByRole('button', { name: 'Disable Dora Doer' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Disable Admin' });
  await user.click(within(confirm).getByRole('button', { name: 'Disable Admin' }));

  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(confirm).not.toBeVisible();

  await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(confirm).toBeVisible());
  expect(screen.queryByRole('dialog', { name: 'Confirm your password' })).toBeNull();
  expect(await within(confirm).findByRole('alert')).toHaveTextContent(
    'Please confirm your password to continue',
  );
});
