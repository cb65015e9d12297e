import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { LAST_OWNER } from '@cask/contracts/admins';
import { ada, anAdminAccount, seedApi, olive, STEP_UP_PASSWORD } from '@/testing/api.ts';
import { findRow, rowOf } from '@/testing/queries.ts';
import { SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

const self = anAdminAccount({
  id: olive.id,
  fullName: olive.fullName,
  email: olive.email,
  role: 'owner',
  lastSignedInAt: '2026-11-20T09:30:00.000Z',
});
const colleague = anAdminAccount({ fullName: 'Callum Colleague', role: 'admin' });
const pending = anAdminAccount({ fullName: 'Penny Pending', role: 'viewer', status: 'invited' });

test('Settings has an Admins entry that opens the Admins screen: heading, Invite Admin and the table', async () => {
  seedApi({ profile: olive, admins: [pending, colleague, self] });
  const { user, router } = await renderApp({ route: '/setting', profile: olive });
  await user.click(
    screen.getByRole('link', { name: 'Admins Who can sign in here, their roles and invites' }),
  );
  expect(await screen.findByRole('heading', { name: 'Admins' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/setting/admins');
  expect(screen.getByRole('button', { name: 'Invite Admin' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Admins' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([
    'Name',
    'Email',
    'Role',
    'Two-factor',
    'Last sign-in',
    'Status',
    'Actions',
  ]);
  await screen.findByRole('cell', { name: 'Penny Pending' });
  expect(within(rowOf('Penny Pending')).getByText('Invited')).toBeInTheDocument();
  expect(within(rowOf('Penny Pending')).getByText('Viewer')).toBeInTheDocument();
  expect(within(rowOf('Callum Colleague')).getByText('Never')).toBeInTheDocument();
  // The Owner's own row offers no change: nobody demotes or disables themselves.
  expect(within(rowOf('Olive Owner')).getByText('You')).toBeInTheDocument();
  expect(within(rowOf('Olive Owner')).queryByRole('button')).toBeNull();
});

test('Invite Admin: the dialog checks its fields, sends Name, Email and Role, and the invite shows as Invited', async () => {
  const api = seedApi({ profile: olive, admins: [self] });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(await screen.findByRole('button', { name: 'Invite Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite Admin' });

  await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
  expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
  expect(api.sent('POST', '/api/admins/invites')).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('Name'), 'Vera Viewer');
  await user.type(within(dialog).getByLabelText('Email'), 'Vera@Example.com');
  await user.selectOptions(within(dialog).getByLabelText('Role'), 'Viewer');
  await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('POST', '/api/admins/invites').map((request) => request.body)).toEqual([
    { fullName: 'Vera Viewer', email: 'vera@example.com', role: 'viewer' },
  ]);
  expect(await screen.findByText('Invite sent to vera@example.com')).toBeInTheDocument();
  expect(within(await findRow('Vera Viewer')).getByText('Invited')).toBeInTheDocument();
});

test('an invite to an address already invited shows the refusal under Email', async () => {
  seedApi({ profile: olive, admins: [pending, self] });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(await screen.findByRole('button', { name: 'Invite Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite Admin' });
  await user.type(within(dialog).getByLabelText('Name'), 'Penny Again');
  await user.type(within(dialog).getByLabelText('Email'), pending.email);
  await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
  expect(
    await within(dialog).findByText('This email has a pending invite: resend or withdraw it'),
  ).toBeInTheDocument();
});

test('an Owner resends and withdraws a pending invite', async () => {
  const api = seedApi({ profile: olive, admins: [pending, self] });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  const row = await findRow('Penny Pending');
  await user.click(within(row).getByRole('button', { name: 'Resend invite to Penny Pending' }));
  expect(await screen.findByText(`Invite sent again to ${pending.email}`)).toBeInTheDocument();
  expect(api.sent('POST', `/api/admins/invites/${pending.id}/resend`)).toHaveLength(1);

  await user.click(within(row).getByRole('button', { name: 'Withdraw invite to Penny Pending' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw Invite' });
  await user.click(within(confirm).getByRole('button', { name: 'Withdraw Invite' }));
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Penny Pending' })).toBeNull());
  expect(api.sent('DELETE', `/api/admins/invites/${pending.id}`)).toHaveLength(1);
});

test('a resend and a withdrawal from a session without a recent proof ask for the password first', async () => {
  const api = seedApi({ profile: olive, admins: [pending, self], stepUpStale: true });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  const row = await findRow('Penny Pending');
  await user.click(within(row).getByRole('button', { name: 'Resend invite to Penny Pending' }));
  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(stepUp).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText(`Invite sent again to ${pending.email}`)).toBeInTheDocument();
  // Refused once, sent again after the password.
  expect(api.sent('POST', `/api/admins/invites/${pending.id}/resend`)).toHaveLength(2);

  api.state.stepUpStale = true;
  await user.click(within(row).getByRole('button', { name: 'Withdraw invite to Penny Pending' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw Invite' });
  await user.click(within(confirm).getByRole('button', { name: 'Withdraw Invite' }));
  const again = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(again).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(again).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Penny Pending' })).toBeNull());
  expect(api.sent('DELETE', `/api/admins/invites/${pending.id}`)).toHaveLength(2);
});

test("with 'Invite or promote an Owner' on, an Owner's invite takes a Reason and is sent for approval", async () => {
  const api = seedApi({
    profile: olive,
    admins: [self],
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, ownerInvite: { on: true } },
  });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(await screen.findByRole('button', { name: 'Invite Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite Admin' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Oona Owner');
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'oona@example.com');
  expect(within(dialog).queryByRole('textbox', { name: 'Reason' })).toBeNull();
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'owner');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Second signatory');
  await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL_DIALOG);
  expect(api.state.admins).toHaveLength(1);
  expect(api.sent('POST', '/api/admins/invites')[0]?.body).toMatchObject({
    role: 'owner',
    reason: 'Second signatory',
  });
});

test("with 'Invite or promote an Owner' on, a promotion to Owner takes a Reason and is sent for approval", async () => {
  const api = seedApi({
    profile: olive,
    admins: [colleague, self],
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, ownerInvite: { on: true } },
  });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(
    within(await findRow('Callum Colleague')).getByRole('button', {
      name: 'Change role of Callum Colleague',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Change Role - Callum Colleague' });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'owner');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Second signatory');
  await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL_DIALOG);
  expect(api.state.admins.find((row) => row.id === colleague.id)?.role).toBe('admin');
  expect(api.state.approvals[0]?.reason).toBe('Second signatory');
});

test('an Owner changes a role and disables an admin; the last Owner refusal shows in the dialog', async () => {
  const otherOwner = anAdminAccount({ fullName: 'Oscar Owner', role: 'owner' });
  // Olive is listed as disabled here so Oscar is the only active Owner the fake API counts.
  const api = seedApi({
    profile: olive,
    admins: [colleague, otherOwner, { ...self, status: 'disabled' }],
  });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });

  await user.click(
    within(await findRow('Callum Colleague')).getByRole('button', {
      name: 'Change role of Callum Colleague',
    }),
  );
  let dialog = await screen.findByRole('dialog', { name: 'Change Role - Callum Colleague' });
  await user.selectOptions(within(dialog).getByLabelText('Role'), 'Viewer');
  await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('PUT', `/api/admins/${colleague.id}/role`)[0]?.body).toEqual({ role: 'viewer' });
  await waitFor(() =>
    expect(within(rowOf('Callum Colleague')).getByText('Viewer')).toBeInTheDocument(),
  );

  await user.click(
    within(rowOf('Callum Colleague')).getByRole('button', { name: 'Disable Callum Colleague' }),
  );
  const confirm = await screen.findByRole('alertdialog', { name: 'Disable Admin' });
  await user.click(within(confirm).getByRole('button', { name: 'Disable Admin' }));
  await waitFor(() =>
    expect(within(rowOf('Callum Colleague')).getByText('Disabled')).toBeInTheDocument(),
  );
  expect(
    within(rowOf('Callum Colleague')).getByRole('button', { name: 'Enable Callum Colleague' }),
  ).toBeInTheDocument();

  await user.click(
    within(rowOf('Oscar Owner')).getByRole('button', { name: 'Change role of Oscar Owner' }),
  );
  dialog = await screen.findByRole('dialog', { name: 'Change Role - Oscar Owner' });
  await user.selectOptions(within(dialog).getByLabelText('Role'), 'Admin');
  await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_OWNER);
});

test('an Admin and a Viewer read the Admins screen without Invite Admin or any row action', async () => {
  for (const profile of [ada, { ...ada, role: 'viewer' }]) {
    seedApi({ profile, admins: [pending, colleague, self] });
    const view = await renderApp({ route: '/setting/admins', profile });
    await screen.findByRole('cell', { name: 'Callum Colleague' });
    expect(screen.getByRole('heading', { name: 'Admins' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Admin' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Admins' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
    view.unmount();
  }
});

test("the Two-factor column says On or Off; an Owner resets an admin's two-factor after a confirmation", async () => {
  const secured = anAdminAccount({ fullName: 'Sam Secure', role: 'admin', twoFactorEnabled: true });
  const api = seedApi({ profile: olive, admins: [secured, colleague, self] });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  const row = await findRow('Sam Secure');
  expect(within(row).getByText('On')).toBeInTheDocument();
  expect(within(rowOf('Callum Colleague')).getByText('Off')).toBeInTheDocument();
  // Only an admin with two-factor on offers the reset.
  expect(
    within(rowOf('Callum Colleague')).queryByRole('button', { name: /^Reset two-factor/ }),
  ).toBeNull();

  await user.click(within(row).getByRole('button', { name: 'Reset two-factor of Sam Secure' }));
  let confirm = await screen.findByRole('alertdialog', { name: 'Reset Two-factor' });
  expect(confirm).toHaveTextContent('recovery codes stop working');
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(api.sent('DELETE', `/api/admins/${secured.id}/two-factor`)).toHaveLength(0);

  await user.click(within(row).getByRole('button', { name: 'Reset two-factor of Sam Secure' }));
  confirm = await screen.findByRole('alertdialog', { name: 'Reset Two-factor' });
  await user.click(within(confirm).getByRole('button', { name: 'Reset Two-factor' }));
  expect(
    await screen.findByText('Two-factor authentication of Sam Secure reset'),
  ).toBeInTheDocument();
  expect(api.sent('DELETE', `/api/admins/${secured.id}/two-factor`)).toHaveLength(1);
  await waitFor(() => expect(within(rowOf('Sam Secure')).getByText('Off')).toBeInTheDocument());
  expect(
    within(rowOf('Sam Secure')).queryByRole('button', { name: /^Reset two-factor/ }),
  ).toBeNull();
});

test('an invite from a session without a recent proof asks for the password, then is sent once', async () => {
  const api = seedApi({ profile: olive, admins: [self], stepUpStale: true });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(await screen.findByRole('button', { name: 'Invite Admin' }));
  const invite = await screen.findByRole('dialog', { name: 'Invite Admin' });
  await user.type(within(invite).getByLabelText('Name'), 'Vera Viewer');
  await user.type(within(invite).getByLabelText('Email'), 'vera@example.com');
  await user.click(within(invite).getByRole('button', { name: 'Send Invite' }));

  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  const password = within(stepUp).getByLabelText('Password', { selector: 'input' });
  await user.type(password, 'not it');
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
  expect(await within(stepUp).findByText('Password is incorrect')).toBeVisible();
  await user.clear(password);
  await user.type(password, STEP_UP_PASSWORD);
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

  expect(await screen.findByText('Invite sent to vera@example.com')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // Refused once, sent again after the password: one invite.
  expect(api.sent('POST', '/api/admins/invites')).toHaveLength(2);
  expect(within(await findRow('Vera Viewer')).getByText('Invited')).toBeInTheDocument();
});

test('a disable from a session without a recent proof asks for the password; cancelling it changes nothing', async () => {
  const dora = anAdminAccount({ fullName: 'Dora Doer', role: 'admin' });
  const api = seedApi({ profile: olive, admins: [dora, self], stepUpStale: true });
  const { user } = await renderApp({ route: '/setting/admins', profile: olive });
  await user.click(
    within(await findRow('Dora Doer')).getByRole('button', { name: 'Disable Dora Doer' }),
  );
  const confirm = await screen.findByRole('alertdialog', { name: 'Disable Admin' });
  await user.click(within(confirm).getByRole('button', { name: 'Disable Admin' }));
  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
  // The refusal is said in the confirmation, which stays open; the row is unchanged.
  expect(await within(confirm).findByRole('alert')).toHaveTextContent(
    'Please confirm your password to continue',
  );
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(within(rowOf('Dora Doer')).getByText('Active')).toBeInTheDocument();
  expect(api.sent('POST', `/api/admins/${dora.id}/disable`)).toHaveLength(1);
});
