import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { aCustomer, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { cellText, table } from '@/testing/queries.ts';

// Issue 31: User Management's bulk 'Set Active' / 'Set Inactive', confirmed with the count, and
// the toast whose 'Undo' puts each customer back as they were.
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('Set Inactive on the chosen users asks with their count; Undo restores each', async () => {
  const api = seedApi({
    customers: [
      aCustomer({ fullName: 'Morag Campbell', isActive: true }),
      aCustomer({ fullName: 'Hamish Reid', isActive: false }),
      aCustomer({ fullName: 'Isla Grant', isActive: true }),
    ],
  });
  const { user } = await renderApp({ route: '/user' });
  await within(await screen.findByRole('table', { name: 'Users' })).findByText('Isla Grant');
  await user.click(screen.getByRole('checkbox', { name: 'Select Morag Campbell' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Hamish Reid' }));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(bar).toHaveTextContent('2 users selected');

  await user.click(within(bar).getByRole('button', { name: 'Set Inactive' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Set Inactive' });
  expect(dialog).toHaveTextContent('Set 2 users Inactive?');
  await user.click(within(dialog).getByRole('button', { name: 'Set Inactive' }));

  expect(await screen.findByText('2 users set Inactive.')).toBeInTheDocument();
  await waitFor(() =>
    expect(cellText(table('Users'), 'Morag Campbell', 'Status')).toBe('Inactive'),
  );
  expect(cellText(table('Users'), 'Isla Grant', 'Status')).toBe('Active');

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: 2 users as they were.')).toBeInTheDocument();
  await waitFor(() => expect(cellText(table('Users'), 'Morag Campbell', 'Status')).toBe('Active'));
  expect(cellText(table('Users'), 'Hamish Reid', 'Status')).toBe('Inactive');
  expect(api.sent('POST', '/api/users/bulk/active').map((sent) => sent.body)).toEqual([
    {
      changes: [
        { id: expect.any(String), isActive: false },
        { id: expect.any(String), isActive: false },
      ],
    },
    {
      bulkId: expect.any(String),
      changes: [
        { id: expect.any(String), isActive: true },
        { id: expect.any(String), isActive: false },
      ],
    },
  ]);
}, 40_000);

test('Delete on the chosen users asks with their count; Undo brings each back where it was', async () => {
  const api = seedApi({
    customers: [
      aCustomer({ fullName: 'Morag Campbell' }),
      aCustomer({ fullName: 'Hamish Reid' }),
      aCustomer({ fullName: 'Isla Grant' }),
    ],
  });
  const { user } = await renderApp({ route: '/user' });
  await within(await screen.findByRole('table', { name: 'Users' })).findByText('Isla Grant');
  await user.click(screen.getByRole('checkbox', { name: 'Select Morag Campbell' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Isla Grant' }));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  await user.click(within(bar).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete Users' });
  expect(dialog).toHaveTextContent('Are you sure you want to delete 2 users?');
  await user.click(within(dialog).getByRole('button', { name: 'Delete 2 users' }));

  expect(await screen.findByText('2 users deleted.')).toBeInTheDocument();
  await waitFor(() => expect(within(table('Users')).queryByText('Morag Campbell')).toBeNull());
  expect(within(table('Users')).getByText('Hamish Reid')).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: 2 users as they were.')).toBeInTheDocument();
  expect(await within(table('Users')).findByText('Morag Campbell')).toBeVisible();
  expect(within(table('Users')).getByText('Isla Grant')).toBeVisible();
  expect(api.sent('POST', '/api/users/bulk/deleted').map((sent) => sent.body)).toEqual([
    {
      changes: [
        { id: expect.any(String), deleted: true },
        { id: expect.any(String), deleted: true },
      ],
    },
    {
      bulkId: expect.any(String),
      changes: [
        { id: expect.any(String), deleted: false },
        { id: expect.any(String), deleted: false },
      ],
    },
  ]);
}, 40_000);

test('a single delete shows Undo for ten seconds; Undo brings the user back', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell' });
  const api = seedApi({ customers: [morag, aCustomer({ fullName: 'Hamish Reid' })] });
  const { user } = await renderApp({ route: '/user' });
  const row = await within(await screen.findByRole('table', { name: 'Users' })).findByRole('row', {
    name: /Morag Campbell/,
  });
  await user.click(within(row).getByRole('button', { name: /Delete/ }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete User Account' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
  expect(await screen.findByText('Morag Campbell deleted.')).toBeInTheDocument();
  await waitFor(() => expect(within(table('Users')).queryByText('Morag Campbell')).toBeNull());
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: Morag Campbell is back.')).toBeInTheDocument();
  expect(await within(table('Users')).findByText('Morag Campbell')).toBeVisible();
  expect(api.sent('POST', '/api/users/bulk/deleted').map((sent) => sent.body)).toEqual([
    { changes: [{ id: morag.id, deleted: false }] },
  ]);
}, 40_000);
