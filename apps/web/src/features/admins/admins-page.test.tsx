import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { LAST_OWNER, type AdminAccount } from '@cask/contracts/admins';
import { ada, createFakeApi, olive } from '@/testing/fake-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

function account(overrides: Partial<AdminAccount>): AdminAccount {
  return {
    id: crypto.randomUUID(),
    fullName: 'Someone',
    email: `${crypto.randomUUID().slice(0, 8)}@example.com`,
    role: 'admin',
    status: 'active',
    lastSignedInAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const self = account({
  id: olive.id,
  fullName: olive.fullName,
  email: olive.email,
  role: 'owner',
  lastSignedInAt: '2026-11-20T09:30:00.000Z',
});
const colleague = account({ fullName: 'Callum Colleague', role: 'admin' });
const pending = account({ fullName: 'Penny Pending', role: 'viewer', status: 'invited' });

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

test('Settings has an Admins entry that opens the Admins screen: heading, Invite Admin and the table', async () => {
  const api = createFakeApi({ profile: olive, admins: [pending, colleague, self] });
  const { user, router } = await renderApp({ route: '/setting', api, profile: olive });
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
  expect(headers).toEqual(['Name', 'Email', 'Role', 'Last sign-in', 'Status', 'Actions']);
  await screen.findByRole('cell', { name: 'Penny Pending' });
  expect(within(rowOf('Penny Pending')).getByText('Invited')).toBeInTheDocument();
  expect(within(rowOf('Penny Pending')).getByText('Viewer')).toBeInTheDocument();
  expect(within(rowOf('Callum Colleague')).getByText('Never')).toBeInTheDocument();
  // The Owner's own row offers no change: nobody demotes or disables themselves.
  expect(within(rowOf('Olive Owner')).getByText('You')).toBeInTheDocument();
  expect(within(rowOf('Olive Owner')).queryByRole('button')).toBeNull();
});

test('Invite Admin: the dialog checks its fields, sends Name, Email and Role, and the invite shows as Invited', async () => {
  const api = createFakeApi({ profile: olive, admins: [self] });
  const { user } = await renderApp({ route: '/setting/admins', api, profile: olive });
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

async function findRow(name: string) {
  await screen.findByRole('cell', { name });
  return rowOf(name);
}

test('an invite to an address already invited shows the refusal under Email', async () => {
  const api = createFakeApi({ profile: olive, admins: [pending, self] });
  const { user } = await renderApp({ route: '/setting/admins', api, profile: olive });
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
  const api = createFakeApi({ profile: olive, admins: [pending, self] });
  const { user } = await renderApp({ route: '/setting/admins', api, profile: olive });
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

test('an Owner changes a role and disables an admin; the last Owner refusal shows in the dialog', async () => {
  const otherOwner = account({ fullName: 'Oscar Owner', role: 'owner' });
  // Olive is listed as disabled here so Oscar is the only active Owner the fake API counts.
  const api = createFakeApi({
    profile: olive,
    admins: [colleague, otherOwner, { ...self, status: 'disabled' }],
  });
  const { user } = await renderApp({ route: '/setting/admins', api, profile: olive });

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
    const api = createFakeApi({ profile, admins: [pending, colleague, self] });
    const view = await renderApp({ route: '/setting/admins', api, profile });
    await screen.findByRole('cell', { name: 'Callum Colleague' });
    expect(screen.getByRole('heading', { name: 'Admins' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Admin' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Admins' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
    view.unmount();
  }
});
