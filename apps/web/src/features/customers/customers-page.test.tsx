import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { aCustomer, seedApi, manyCustomers, server, http, apiError } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { detailValue } from '@/testing/details.ts';
import { pagination, row, searchBox, table } from '@/testing/queries.ts';
import { typeBeforeThePause } from '@/testing/clock.ts';
import { SEARCH_DEBOUNCE_MS } from './customers-page.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('the screen shows its heading, the total, the search box and six users a page', async () => {
  const api = seedApi({
    customers: [
      aCustomer({ fullName: 'Morag Campbell', email: 'morag@example.com', balance: 4 }),
      aCustomer({ fullName: 'Hamish Reid', isActive: false }),
      ...manyCustomers(8),
    ],
  });
  await renderApp({ route: '/user' });

  expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  expect(searchBox('Search users')).toHaveAttribute(
    'placeholder',
    'Search users by name or email...',
  );
  expect(await screen.findByText('Total:')).toHaveTextContent('Total: 10');
  expect(api.sent('GET', '/api/users')[0]?.query).toEqual({ page: '1', limit: '6' });
  expect(
    within(table('Users'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['', 'User Name', 'Email', 'Casks', 'Status', 'Actions']);
  expect(
    within(row(table('Users'), 'Morag Campbell')).getByText('morag@example.com'),
  ).toBeVisible();
  expect(
    within(row(table('Users'), 'Morag Campbell')).getByRole('cell', { name: '4' }),
  ).toBeVisible();
  expect(within(row(table('Users'), 'Morag Campbell')).getByText('Active')).toBeVisible();
  expect(within(row(table('Users'), 'Hamish Reid')).getByText('Inactive')).toBeVisible();
  expect(within(pagination('Users pagination')).getByText('Showing 6 of 10 users')).toBeVisible();
  expect(
    within(pagination('Users pagination')).getByRole('button', { name: 'Refresh' }),
  ).toBeVisible();
});

test('Loading users... shows until the first answer arrives', async () => {
  const api = seedApi({ customers: manyCustomers(2) });
  const release = api.holdLists();
  await renderApp({ route: '/user' });
  expect(await screen.findByText('Loading users...')).toBeVisible();
  release();
  expect(
    await within(await screen.findByRole('table', { name: 'Users' })).findByText('Customer 1'),
  ).toBeVisible();
  expect(screen.queryByText('Loading users...')).not.toBeInTheDocument();
});

test('a failed list shows Error Loading Users with the server message', async () => {
  seedApi({ customers: manyCustomers(2) });
  server.use(http.get('/api/users', () => apiError(500, 'Database unreachable')));
  await renderApp({ route: '/user' });
  const panel = await screen.findByRole('alert');
  expect(within(panel).getByText('Error Loading Users')).toBeVisible();
  expect(within(panel).getByText('Database unreachable')).toBeVisible();
});

test('without a server message the error reads Failed to fetch users', async () => {
  seedApi({ customers: manyCustomers(2) });
  server.use(http.get('/api/users', () => apiError(500, '')));
  await renderApp({ route: '/user' });
  expect(await screen.findByText('Failed to fetch users')).toBeVisible();
});

test('no match reads No users found with a hint', async () => {
  seedApi();
  await renderApp({ route: '/user' });
  expect(await screen.findByText('No users found')).toBeVisible();
  expect(screen.getByText('Try adjusting your search criteria')).toBeVisible();
});

test('typing sends one debounced search, keeps the rows on screen and starts at page 1', async () => {
  const api = seedApi({
    customers: [...manyCustomers(12), aCustomer({ fullName: 'Morag Campbell' })],
  });
  const { user } = await renderApp({ route: '/user' });
  await within(await screen.findByRole('table', { name: 'Users' })).findByText('Customer 1');
  await user.click(within(pagination('Users pagination')).getByRole('button', { name: 'Page 2' }));
  expect(await screen.findByText('Customer 7')).toBeVisible();

  const release = api.holdLists();
  // On a fake clock: a real one would send 'm' and 'mo' mid-word on a busy machine.
  const pause = typeBeforeThePause(searchBox('Search users'), 'morag', SEARCH_DEBOUNCE_MS);
  expect(api.sent('GET', '/api/users').filter((r) => r.query.search !== undefined)).toHaveLength(0);
  pause();
  await waitFor(() =>
    expect(api.sent('GET', '/api/users').filter((r) => r.query.search !== undefined)).toHaveLength(
      1,
    ),
  );
  expect(api.sent('GET', '/api/users').at(-1)?.query).toEqual({
    page: '1',
    limit: '6',
    search: 'morag',
  });
  // The previous rows stay while the answer is on its way: no 'Loading users...' flash.
  expect(screen.getByText('Customer 7')).toBeVisible();
  expect(screen.queryByText('Loading users...')).not.toBeInTheDocument();
  release();

  expect(await within(table('Users')).findByText('Morag Campbell')).toBeVisible();
  expect(screen.queryByText('Customer 7')).not.toBeInTheDocument();
  expect(within(pagination('Users pagination')).getByText('Showing 1 of 1 users')).toBeVisible();
  expect(screen.getByText('Total:')).toHaveTextContent('Total: 1');
  // The Reward List follows the same search, from its first page.
  expect(api.sent('GET', '/api/referrals/admin/rewards').at(-1)?.query).toEqual({
    page: '1',
    limit: '6',
    search: 'morag',
  });
});

test('Edit User - {name} shows the user read-only and Save Changes sends the status', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell', email: 'morag@example.com', balance: 3 });
  const api = seedApi({ customers: [morag] });
  const { user } = await renderApp({ route: '/user' });
  await screen.findByText('Total:');
  await user.click(within(row(table('Users'), 'Morag')).getByRole('button', { name: 'Edit' }));

  const dialog = await screen.findByRole('dialog', { name: 'Edit User - Morag Campbell' });
  for (const [label, value] of [
    ['User ID', morag.id],
    ['Name', 'Morag Campbell'],
    ['Email', 'morag@example.com'],
    ['Casks', '3'],
  ] as const) {
    expect(detailValue(dialog, label)).toHaveTextContent(value);
  }
  // Read-only values are text, not keyboard stops: Status is the only field.
  expect(within(dialog).getAllByRole('combobox')).toHaveLength(1);
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  const status = within(dialog).getByRole('combobox', { name: 'Status' });
  expect(status).toHaveValue('Active');
  await user.selectOptions(status, 'Inactive');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(api.sent('PUT', `/api/users/${morag.id}`).map((r) => r.body)).toEqual([
    { isActive: false },
  ]);
  expect(await within(row(table('Users'), 'Morag')).findByText('Inactive')).toBeVisible();
});

test('a failed status change stays open with the server message', async () => {
  seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  server.use(http.put('/api/users/:id', () => apiError(500, 'The database is read-only')));
  const { user } = await renderApp({ route: '/user' });
  await screen.findByText('Total:');
  await user.click(within(row(table('Users'), 'Morag')).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit User - Morag Campbell' });
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText('The database is read-only')).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(dialog).not.toBeInTheDocument();
});

test('Delete User Account deletes the user: the row goes and the total drops by one', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell' });
  const api = seedApi({ customers: [morag, aCustomer({ fullName: 'Hamish Reid' })] });
  const { user } = await renderApp({ route: '/user' });
  expect(await screen.findByText('Total:')).toHaveTextContent('Total: 2');
  await user.click(within(row(table('Users'), 'Morag')).getByRole('button', { name: 'Delete' }));

  const dialog = await screen.findByRole('alertdialog', { name: 'Delete User Account' });
  expect(
    within(dialog).getByText(
      'Are you sure you want to delete Morag Campbell? This action cannot be undone.',
    ),
  ).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(api.sent('DELETE', `/api/users/${morag.id}`)).toHaveLength(1);
  expect(screen.getByText('Total:')).toHaveTextContent('Total: 1');
  expect(within(table('Users')).queryByText('Morag Campbell')).not.toBeInTheDocument();
  const rewards = screen.getByRole('table', { name: 'Reward List' });
  await waitFor(() =>
    expect(within(rewards).queryByText('Morag Campbell')).not.toBeInTheDocument(),
  );
});

test('deleting the only user of the last page shows the page before it', async () => {
  seedApi({ customers: manyCustomers(7) });
  const { user } = await renderApp({ route: '/user' });
  await within(await screen.findByRole('table', { name: 'Users' })).findByText('Customer 1');
  await user.click(within(pagination('Users pagination')).getByRole('button', { name: 'Page 2' }));
  await user.click(
    within(
      await within(screen.getByRole('table', { name: 'Users' })).findByRole('row', {
        name: /Customer 7/,
      }),
    ).getByRole('button', {
      name: 'Delete',
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Delete User' }));
  expect(await within(table('Users')).findByText('Customer 1')).toBeVisible();
  expect(
    await within(pagination('Users pagination')).findByText('Showing 6 of 6 users'),
  ).toBeVisible();
});

test('a failed delete stays open with the server message', async () => {
  seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  server.use(http.delete('/api/users/:id', () => apiError(500, 'Could not delete')));
  const { user } = await renderApp({ route: '/user' });
  await screen.findByText('Total:');
  await user.click(within(row(table('Users'), 'Morag')).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete User Account' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
  expect(await within(dialog).findByText('Could not delete')).toBeVisible();
});
