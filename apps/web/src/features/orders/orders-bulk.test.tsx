import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { BULK_ORDER_NEEDS_APPROVAL } from '@cask/contracts/orders';
import { anOrder, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { cellText, table } from '@/testing/queries.ts';

// Issue 31: the Order List's bulk 'Set status': a checkbox per row and one for the page, the bar
// with the count, a confirmation naming it, and the toast whose 'Undo' puts every status back.
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

const orders = () => [
  anOrder({ title: 'Cask A', status: 'Pending', user: { fullName: 'Ann' } }),
  anOrder({ title: 'Cask B', status: 'Active', user: { fullName: 'Ben' } }),
  anOrder({ title: 'Cask C', status: 'Reject', user: { fullName: 'Cat' } }),
];

test('choosing rows shows the bar; Set status confirms with the count; Undo puts each status back', async () => {
  const api = seedApi({ orders: orders() });
  const { user } = await renderApp({ route: '/orders' });
  await within(table('Order List')).findByText('Cask A');
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

  await user.click(screen.getByRole('checkbox', { name: 'Select order Cask A for Ann' }));
  const page = screen.getByRole('checkbox', { name: 'Select all on this page' });
  expect(page).toHaveProperty('indeterminate', true);
  await user.click(screen.getByRole('checkbox', { name: 'Select order Cask B for Ben' }));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(bar).toHaveTextContent('2 orders selected');

  await user.click(within(bar).getByRole('button', { name: 'Set status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set status' });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Delivered');
  expect(dialog).toHaveTextContent('Set the status of 2 orders to Delivered?');
  await user.click(within(dialog).getByRole('button', { name: 'Set status of 2 orders' }));

  expect(await screen.findByText('Status set to Delivered for 2 orders.')).toBeInTheDocument();
  await waitFor(() => expect(cellText(table('Order List'), 'Cask A', 'Status')).toBe('Delivered'));
  expect(cellText(table('Order List'), 'Cask B', 'Status')).toBe('Delivered');
  expect(cellText(table('Order List'), 'Cask C', 'Status')).toBe('Reject');
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  const [sent] = api.sent('POST', '/api/purchases/bulk/status');
  expect(sent?.body).toEqual({
    changes: [
      { id: expect.any(String), status: 'Delivered' },
      { id: expect.any(String), status: 'Delivered' },
    ],
  });

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: 2 orders as they were.')).toBeInTheDocument();
  await waitFor(() => expect(cellText(table('Order List'), 'Cask A', 'Status')).toBe('Pending'));
  expect(cellText(table('Order List'), 'Cask B', 'Status')).toBe('Active');
  expect(api.sent('POST', '/api/purchases/bulk/status').at(-1)?.body).toEqual({
    // The undo names the change it undoes: one bulk change in the audit log (decision 311).
    bulkId: expect.any(String),
    changes: [
      { id: expect.any(String), status: 'Pending' },
      { id: expect.any(String), status: 'Active' },
    ],
  });
}, 40_000);

test('the page checkbox chooses every row shown, and again none', async () => {
  seedApi({ orders: orders() });
  const { user } = await renderApp({ route: '/orders' });
  await within(table('Order List')).findByText('Cask A');
  const page = screen.getByRole('checkbox', { name: 'Select all on this page' });
  await user.click(page);
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent(
    '3 orders selected',
  );
  expect(screen.getByRole('checkbox', { name: 'Select order Cask C for Cat' })).toBeChecked();
  await user.click(page);
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
}, 40_000);

test('when an order cannot be changed, nothing is, and the dialog names it', async () => {
  const api = seedApi({ orders: orders() });
  const { user } = await renderApp({ route: '/orders' });
  await within(table('Order List')).findByText('Cask A');
  await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  // Another admin deletes Cask B meanwhile.
  api.state.orders = api.state.orders.filter((order) => order.title !== 'Cask B');
  await user.click(screen.getByRole('button', { name: 'Set status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set status' });
  await user.click(within(dialog).getByRole('button', { name: 'Set status of 3 orders' }));
  expect(
    await within(dialog).findByText('Nothing was changed: 1 of the 3 rows could not be changed'),
  ).toBeVisible();
  expect(within(dialog).getByRole('listitem')).toHaveTextContent('Cask B (Ben)');
  expect(api.state.orders.map((order) => order.status)).toEqual(['Pending', 'Reject']);
}, 40_000);

test('to Delivered, an order above the Approvals budget is refused by name: nothing changes (decision 438)', async () => {
  const api = seedApi({
    orders: [
      anOrder({
        title: 'Cask A',
        status: 'Pending',
        investmentAmount: 500,
        user: { fullName: 'Ann' },
      }),
      anOrder({
        title: 'Cask B',
        status: 'Active',
        investmentAmount: 90_000,
        user: { fullName: 'Ben' },
      }),
    ],
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, orderDelivered: { on: true, above: 50_000 } },
  });
  const { user } = await renderApp({ route: '/orders' });
  await within(table('Order List')).findByText('Cask A');
  await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  await user.click(screen.getByRole('button', { name: 'Set status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set status' });
  await user.click(within(dialog).getByRole('button', { name: 'Set status of 2 orders' }));
  expect(
    await within(dialog).findByText('Nothing was changed: 1 of the 2 rows could not be changed'),
  ).toBeVisible();
  expect(within(dialog).getByRole('listitem')).toHaveTextContent(
    `Cask B (Ben): ${BULK_ORDER_NEEDS_APPROVAL}`,
  );
  expect(api.state.orders.map((order) => order.status)).toEqual(['Pending', 'Active']);
}, 40_000);
