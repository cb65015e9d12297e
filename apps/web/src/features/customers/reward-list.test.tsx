import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import {
  aCustomer,
  seedApi,
  manyCustomers,
  type TestApi,
  server,
  http,
  apiError,
} from '@/testing/api.ts';
import { SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { renderApp } from '@/testing/render-app.tsx';
import { pagination, row, table } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

async function openAdjustment(api: TestApi, name: string) {
  const rendered = await renderApp({ route: '/user' });
  await within(await screen.findByRole('table', { name: 'Reward List' })).findByText(name);
  await rendered.user.click(
    within(row(table('Reward List'), name)).getByRole('button', { name: 'Adjust Points' }),
  );
  const dialog = await screen.findByRole('dialog', { name: `Manual Point Adjustment - ${name}` });
  return { ...rendered, dialog };
}

test('the Reward List shows casks, referrals, investment and points, six a page', async () => {
  const api = seedApi({
    customers: [
      aCustomer({
        fullName: 'Morag Campbell',
        email: 'morag@example.com',
        balance: 5,
        totalReferrals: 3,
        totalInvestmentAmount: 12500.5,
        referralPoints: 1250,
      }),
      ...manyCustomers(7),
    ],
  });
  await renderApp({ route: '/user' });

  const table = await screen.findByRole('table', { name: 'Reward List' });
  await within(table).findByText('Morag Campbell');
  expect(api.sent('GET', '/api/referrals/admin/rewards')[0]?.query).toEqual({
    page: '1',
    limit: '6',
  });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['User Name', 'Email', 'Casks', 'Referrals', 'Invest', 'Point', 'Action']);
  const cells = within(row(table, 'Morag Campbell'))
    .getAllByRole('cell')
    .map((td) => td.textContent);
  // Casks are the customer's casks (as in the Users table), not the referrals (decision 315).
  expect(cells.slice(0, 6)).toEqual([
    'Morag Campbell',
    'morag@example.com',
    '5',
    '3',
    '$12,500.50',
    '1,250',
  ]);
  expect(within(pagination('Reward pagination')).getByText('Showing 6 of 8 Reward')).toBeVisible();
  // Two paginations on one screen, each its own landmark.
  expect(screen.getByRole('navigation', { name: 'Users pagination' })).toBeVisible();
});

test('the Reward List pages on its own', async () => {
  seedApi({ customers: manyCustomers(8) });
  const { user } = await renderApp({ route: '/user' });
  await within(await screen.findByRole('table', { name: 'Reward List' })).findByText('Customer 1');
  await user.click(within(pagination('Reward pagination')).getByRole('button', { name: 'Next' }));
  expect(await within(table('Reward List')).findByText('Customer 7')).toBeVisible();
  expect(
    within(pagination('Reward pagination')).getByText('Showing 7-8 of 8 Reward'),
  ).toBeVisible();
  // The user table stays on its first page.
  expect(
    within(screen.getByRole('table', { name: 'Users' })).getByText('Customer 1'),
  ).toBeVisible();
});

test('the Reward List reads Loading... then No Data found when empty', async () => {
  const api = seedApi();
  const release = api.holdLists();
  await renderApp({ route: '/user' });
  expect(
    await within(screen.getByRole('table', { name: 'Reward List' })).findByText('Loading...'),
  ).toBeVisible();
  release();
  expect(await within(table('Reward List')).findByText('No Data found')).toBeVisible();
});

test('the adjustment form has Points, Description and Admin Notes, and Cancel closes it', async () => {
  const api = seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  const { dialog, user } = await openAdjustment(api, 'Morag Campbell');
  expect(within(dialog).getByRole('spinbutton', { name: 'Points' })).toBeVisible();
  expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeVisible();
  expect(within(dialog).getByRole('textbox', { name: 'Admin Notes' })).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(dialog).not.toBeInTheDocument();
});

test('zero or missing points are refused under the field, without a request', async () => {
  const api = seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  const { dialog, user } = await openAdjustment(api, 'Morag Campbell');
  const points = within(dialog).getByRole('spinbutton', { name: 'Points' });

  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText('Points must be a number')).toBeVisible();
  await user.type(points, '0');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText('Points cannot be zero')).toBeVisible();
  expect(points).toHaveAccessibleDescription(/Points cannot be zero/);
  expect(api.sent('POST', '/api/referrals/admin/manual-points')).toHaveLength(0);
});

test('Save Changes sends the adjustment with numeric points, toasts and shows the new balance', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell', referralPoints: 100 });
  const api = seedApi({ customers: [morag] });
  const { dialog, user } = await openAdjustment(api, 'Morag Campbell');
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Points' }), '25');
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Tasting evening');
  await user.type(within(dialog).getByRole('textbox', { name: 'Admin Notes' }), 'Agreed by phone');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  // The toaster sits behind the modal's overlay while it fades in: present, announced.
  expect(await screen.findByText('Points updated successfully ✅')).toBeInTheDocument();
  expect(dialog).not.toBeInTheDocument();
  expect(api.sent('POST', '/api/referrals/admin/manual-points').map((r) => r.body)).toEqual([
    {
      userId: morag.id,
      points: 25,
      type: 'manual_adjustment',
      description: 'Tasting evening',
      adminNotes: 'Agreed by phone',
      reason: '',
    },
  ]);
  await waitFor(() =>
    expect(
      within(row(table('Reward List'), 'Morag Campbell')).getAllByRole('cell')[5],
    ).toHaveTextContent('125'),
  );
});

test("with 'Manual points above' on, an adjustment beyond it needs a Reason and is sent for approval, the balance unchanged", async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell', referralPoints: 100 });
  const api = seedApi({
    customers: [morag],
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, manualPoints: { on: true, above: 1000 } },
  });
  const { dialog, user } = await openAdjustment(api, 'Morag Campbell');
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Points' }), '5000');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  // Without a reason the API refuses it, said under the field.
  expect(await within(dialog).findByText('Reason is required', { selector: 'p' })).toBeVisible();

  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Festival prize');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL_DIALOG);
  expect(api.sent('POST', '/api/referrals/admin/manual-points').at(-1)?.body).toMatchObject({
    points: 5000,
    reason: 'Festival prize',
  });
  expect(api.state.approvals).toHaveLength(1);
  expect(screen.queryByText('Points updated successfully ✅')).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(dialog).not.toBeInTheDocument();
  expect(
    within(row(table('Reward List'), 'Morag Campbell')).getAllByRole('cell')[5],
  ).toHaveTextContent('100');
});

test('a removal below zero shows the server message as a toast and under Points', async () => {
  const api = seedApi({
    customers: [aCustomer({ fullName: 'Morag Campbell', referralPoints: 40 })],
  });
  const { dialog, user } = await openAdjustment(api, 'Morag Campbell');
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Points' }), '-60');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  const message = 'Insufficient points: Morag Campbell has 40 points, so at most 40 can be removed';
  expect(await within(dialog).findByText(message)).toBeVisible();
  // Once under the field, once as the toast.
  expect(screen.getAllByText(message)).toHaveLength(2);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(
    within(row(table('Reward List'), 'Morag Campbell')).getAllByRole('cell')[5],
  ).toHaveTextContent('40');
});

test('a failure without a message toasts Failed to update points ❌ and keeps the form', async () => {
  const api = seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  server.use(http.post('/api/referrals/admin/manual-points', () => apiError(500, '')));
  const { dialog, user } = await openAdjustment(api, 'Morag Campbell');
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Points' }), '10');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Failed to update points ❌')).toBeInTheDocument();
  expect(within(dialog).getByRole('spinbutton', { name: 'Points' })).toHaveValue(10);
});
