import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { aCustomer, createFakeApi } from '@/testing/fake-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

// Issue 31: User Management's bulk 'Set Active' / 'Set Inactive', confirmed with the count, and
// the toast whose 'Undo' puts each customer back as they were.
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

const usersTable = () => screen.getByRole('table', { name: 'Users' });
const statusOf = (name: string) =>
  within(within(usersTable()).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[4]
    ?.textContent;

test('Set Inactive on the chosen users asks with their count; Undo restores each', async () => {
  const api = createFakeApi({
    customers: [
      aCustomer({ fullName: 'Morag Campbell', isActive: true }),
      aCustomer({ fullName: 'Hamish Reid', isActive: false }),
      aCustomer({ fullName: 'Isla Grant', isActive: true }),
    ],
  });
  const { user } = await renderApp({ route: '/user', api });
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
  await waitFor(() => expect(statusOf('Morag Campbell')).toBe('Inactive'));
  expect(statusOf('Isla Grant')).toBe('Active');

  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: 2 users as they were.')).toBeInTheDocument();
  await waitFor(() => expect(statusOf('Morag Campbell')).toBe('Active'));
  expect(statusOf('Hamish Reid')).toBe('Inactive');
  expect(api.sent('POST', '/api/users/bulk/active').map((sent) => sent.body)).toEqual([
    {
      changes: [
        { id: expect.any(String), isActive: false },
        { id: expect.any(String), isActive: false },
      ],
    },
    {
      changes: [
        { id: expect.any(String), isActive: true },
        { id: expect.any(String), isActive: false },
      ],
    },
  ]);
}, 40_000);
