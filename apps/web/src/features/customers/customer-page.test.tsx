import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { aCask, aCustomer, anOrder, aReferral, seedApi, manyCustomers } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  toast.remove();
});

test('User Management links each name to the customer page', async () => {
  const [first] = manyCustomers(3);
  seedApi({ customers: manyCustomers(3) });
  await renderApp({ route: '/user' });
  const link = await screen.findByRole('link', { name: first!.fullName });
  expect(link.getAttribute('href')).toMatch(/^\/user\/[0-9a-f-]{36}$/);
});

test('the customer page shows who they are, the four cards and their casks, linked', async () => {
  const isla = aCustomer({
    fullName: 'Isla Grant',
    email: 'isla@example.com',
    referralPoints: 340,
  });
  const owner = { id: isla.id, fullName: isla.fullName, email: isla.email };
  const casks = Array.from({ length: 7 }, (_, index) =>
    aCask({ name: `Glen ${index + 1}`, owner, currentValue: 1000 }),
  );
  seedApi({ customers: [isla, aCustomer()], casks: [...casks, aCask()] });
  await renderApp({ route: `/user/${isla.id}` });

  expect(await screen.findByRole('heading', { name: 'Isla Grant', level: 1 })).toBeVisible();
  expect(screen.getByText('isla@example.com')).toBeVisible();
  const card = (title: string) => screen.getByText(title).closest('dl') as HTMLElement;
  expect(card('Casks held')).toHaveTextContent('7');
  expect(card('Portfolio value')).toHaveTextContent('$7,000');
  expect(card('Points balance')).toHaveTextContent('340');

  const table = await screen.findByRole('table', { name: 'Casks' });
  await within(table).findByRole('link', { name: 'Glen 1' });
  expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
  expect(within(table).getByRole('link', { name: 'Glen 1' })).toHaveAttribute(
    'href',
    `/cask/${casks[0]!.id}`,
  );
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Casks pagination' })).getByRole('button', {
      name: 'Page 2',
    }),
  );
  expect(await within(table).findByRole('link', { name: 'Glen 6' })).toBeVisible();
  expect(screen.getByRole('table', { name: 'Points' })).toBeVisible();
  expect(screen.getByRole('table', { name: 'Notifications' })).toBeVisible();
});

test("the customer's referrals show their status as the Referrals screen does", async () => {
  const isla = aCustomer({ fullName: 'Isla Grant' });
  const party = { id: isla.id, fullName: isla.fullName, email: isla.email };
  seedApi({
    customers: [isla],
    referrals: [aReferral({ referrer: party, status: 'pending' })],
  });
  await renderApp({ route: `/user/${isla.id}` });

  const table = await screen.findByRole('table', { name: 'Referrals' });
  const status = await within(table).findByText('Pending');
  expect(status).toBeVisible();
  expect(within(table).queryByText('pending')).toBeNull();
  expect(within(table).getByText('Made')).toBeVisible();
  // The ledger's rows are entries, not points.
  const points = screen.getByRole('table', { name: 'Points' });
  expect(await within(points).findByText('No point entries.')).toBeVisible();
});

test("the customer's orders show each order's reference, as the Order List does", async () => {
  const isla = aCustomer({ fullName: 'Isla Grant', email: 'isla@example.com' });
  const order = anOrder({
    title: 'Glen Ord 2012',
    personalInfo: {
      fullName: isla.fullName,
      email: isla.email,
      preferredContactMethod: 'email',
      phoneNumber: '+44 7700 900123',
    },
  });
  seedApi({ customers: [isla], orders: [order, anOrder()] });
  await renderApp({ route: `/user/${isla.id}` });

  const table = await screen.findByRole('table', { name: 'Orders' });
  const row = (await within(table).findByText('Glen Ord 2012')).closest('tr') as HTMLElement;
  expect(within(row).getByText(order.reference)).toBeVisible();
  expect(within(table).getAllByRole('row')).toHaveLength(2);
  expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Reference');
});

test('the page opens the dialogs the app has: status, points and a notification', async () => {
  const isla = aCustomer({ fullName: 'Isla Grant' });
  seedApi({ customers: [isla] });
  await renderApp({ route: `/user/${isla.id}` });

  fireEvent.click(await screen.findByRole('button', { name: 'Edit Status' }));
  expect(await screen.findByRole('dialog', { name: 'Edit User - Isla Grant' })).toBeVisible();
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  fireEvent.click(screen.getByRole('button', { name: 'Adjust Points' }));
  expect(
    await screen.findByRole('dialog', { name: 'Manual Point Adjustment - Isla Grant' }),
  ).toBeVisible();
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  // Issue 41: the notification dialog opens here, addressed to this customer and showing them.
  fireEvent.click(screen.getByRole('button', { name: 'Send Notification' }));
  const create = await screen.findByRole('dialog', { name: 'Create Notification' });
  expect(create).toBeVisible();
  expect(within(create).getByRole('combobox', { name: 'Recipient' })).toHaveValue(
    `Isla Grant (${isla.email})`,
  );
  expect(screen.getByRole('heading', { name: 'Isla Grant', level: 1, hidden: true })).toBeVisible();
});

test('Send Notification sends to the customer from their page, and nothing reopens', async () => {
  const isla = aCustomer({ fullName: 'Isla Grant' });
  const api = seedApi({ customers: [isla] });
  const { user, router } = await renderApp({ route: `/user/${isla.id}` });
  const sectionPath = `/api/users/${isla.id}/notifications`;
  const sectionReads = () => api.state.requests.filter((r) => r.path === sectionPath).length;
  await user.click(await screen.findByRole('button', { name: 'Send Notification' }));
  const readsBefore = sectionReads();
  const create = await screen.findByRole('dialog', { name: 'Create Notification' });
  await user.type(within(create).getByRole('textbox', { name: 'Title' }), 'Your cask');
  await user.type(within(create).getByRole('textbox', { name: 'Message' }), 'Ready to bottle.');
  await user.click(within(create).getByRole('button', { name: 'Create Notification' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.state.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
    title: 'Your cask',
    recipient: isla.id,
  });
  // The page's Notifications section is read again, to list what was just sent.
  await waitFor(() => expect(sectionReads()).toBeGreaterThan(readsBefore));
  // Still on the customer page, with no state a reload would turn into a dialog again.
  expect(router.state.location.pathname).toBe(`/user/${isla.id}`);
  expect(router.state.location.state).toBeNull();
});

test('an unknown customer says so, with the way back and nothing to retry', async () => {
  seedApi();
  await renderApp({ route: '/user/00000000-0000-4000-8000-000000000001' });
  expect(await screen.findByText('This customer was not found.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to User Management' })).toHaveAttribute(
    'href',
    '/user',
  );
});

test('a link with no id at all (the API answers 400 Invalid UUID) reads as not found', async () => {
  seedApi();
  await renderApp({ route: '/user/not-an-id' });
  expect(await screen.findByText('This customer was not found.')).toBeVisible();
  expect(screen.queryByText('Invalid UUID')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
});
