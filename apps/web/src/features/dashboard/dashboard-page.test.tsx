import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { trendMonths } from '@cask/contracts/dashboard';
import { aCask, aCustomer, seedApi, manyCustomers, server, http, apiError } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { detailValue } from '@/testing/details.ts';
import { card, row, table } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('the four cards show the totals, Total Value in thousands of dollars', async () => {
  seedApi({
    customers: manyCustomers(3),
    totals: { totalCasks: 1234, activeOffers: 7, totalRevenue: 125_500 },
  });
  await renderApp({ route: '/' });

  expect(await within(card('Total Users')).findByText('3')).toBeVisible();
  expect(within(card('Total Casks')).getByText('1,234')).toBeVisible();
  expect(within(card('Active Offers')).getByText('7')).toBeVisible();
  expect(within(card('Total Value')).getByText('$125.5k')).toBeVisible();
});

test("'Total Value' says it is order revenue; each alert count opens the Cask List filtered by it", async () => {
  seedApi({
    customers: manyCustomers(1),
    casks: [
      aCask({ name: 'Glen Due', regaugeDueOn: '2020-01-01' }),
      aCask({ name: 'Glen Weak', abvFortyOn: '2020-01-01' }),
    ],
    totals: { totalRevenue: 125_500 },
  });
  const user = userEvent.setup();
  await renderApp({ route: '/' });

  expect(await within(card('Total Value')).findByText('Order revenue')).toBeVisible();
  const due = await within(card('Total Casks')).findByRole('link', { name: '1 Regauge due' });
  expect(due).toHaveAttribute('href', '/cask?alert=regauge-due');
  expect(within(card('Total Casks')).getByRole('link', { name: '1 ABV near 40%' })).toHaveAttribute(
    'href',
    '/cask?alert=abv-near-40',
  );
  await user.click(due);
  const table = await screen.findByRole('table', { name: 'Cask List' });
  // The filtered answer first: while the Cask List loads neither cask is in it.
  expect(await within(table).findByText('Glen Due')).toBeVisible();
  await waitFor(() => expect(within(table).queryByText('Glen Weak')).toBeNull());
  expect(screen.getByRole('combobox', { name: 'Filter by alert' })).toHaveValue('regauge-due');
});

test('a failed dashboard call shows the server message after Error:', async () => {
  seedApi({ customers: manyCustomers(1) });
  server.use(http.get('/api/admin/dashboard', () => apiError(500, 'Database unreachable')));
  await renderApp({ route: '/' });
  expect(await screen.findByText('Error: Database unreachable')).toBeVisible();
});

test('without a server message the failure reads Failed to fetch dashboard data', async () => {
  seedApi({ customers: manyCustomers(1) });
  server.use(http.get('/api/admin/dashboard', () => apiError(500, '')));
  await renderApp({ route: '/' });
  expect(await screen.findByText('Failed to fetch dashboard data')).toBeVisible();
  expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
});

test('Recent Users asks for page 1 of 10, counts every user and lists the columns', async () => {
  const api = seedApi({
    customers: [
      aCustomer({ fullName: 'Morag Campbell', email: 'morag@example.com', balance: 4 }),
      aCustomer({ fullName: 'Hamish Reid', isActive: false }),
      ...manyCustomers(10),
    ],
  });
  await renderApp({ route: '/' });

  expect(await screen.findByRole('table', { name: 'Recent Users (12)' })).toBeVisible();
  expect(api.sent('GET', '/api/users')[0]?.query).toEqual({ page: '1', limit: '10' });
  const headers = within(table(/^Recent Users/))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  expect(headers).toEqual(['User Name', 'Email', 'Casks', 'Status', 'Action']);
  expect(
    within(row(table(/^Recent Users/), 'Morag Campbell')).getByText('morag@example.com'),
  ).toBeVisible();
  expect(
    within(row(table(/^Recent Users/), 'Morag Campbell')).getByRole('cell', { name: '4' }),
  ).toBeVisible();
  expect(within(row(table(/^Recent Users/), 'Morag Campbell')).getByText('Active')).toBeVisible();
  expect(within(row(table(/^Recent Users/), 'Hamish Reid')).getByText('Inactive')).toBeVisible();
  expect(
    within(row(table(/^Recent Users/), 'Hamish Reid')).getByRole('button', { name: 'Edit' }),
  ).toBeVisible();
  expect(
    within(row(table(/^Recent Users/), 'Hamish Reid')).getByRole('button', { name: 'Delete' }),
  ).toBeVisible();
  expect(screen.getByText('Showing 10 of 12 users')).toBeVisible();
});

test('an empty list reads No Data found', async () => {
  seedApi();
  await renderApp({ route: '/' });
  expect(await screen.findByText('No Data found')).toBeVisible();
  expect(screen.getByRole('table', { name: 'Recent Users (0)' })).toBeVisible();
});

test('Next loads page 2 and keeps page 1 on screen meanwhile', async () => {
  const api = seedApi({ customers: manyCustomers(15) });
  const { user } = await renderApp({ route: '/' });
  await screen.findByText('Customer 1');

  const release = api.holdLists();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Customer 1')).toBeVisible();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  release();

  expect(await screen.findByText('Customer 11')).toBeVisible();
  expect(screen.queryByText('Customer 1')).not.toBeInTheDocument();
  expect(screen.getByText('Showing 11-15 of 15 users')).toBeVisible();
  expect(api.sent('GET', '/api/users').at(-1)?.query).toEqual({ page: '2', limit: '10' });
  expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('Edit shows the user read-only and Save sends the chosen status, then refetches', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell', email: 'morag@example.com', balance: 3 });
  const api = seedApi({ customers: [morag] });
  const { user } = await renderApp({ route: '/' });
  await user.click(
    within(await screen.findByRole('row', { name: /Morag/ })).getByRole('button', { name: 'Edit' }),
  );

  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  const detail = (term: string) => detailValue(dialog, term);
  expect(detail('Name')).toHaveTextContent('Morag Campbell');
  expect(detail('Email')).toHaveTextContent('morag@example.com');
  expect(detail('Casks')).toHaveTextContent('3');
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  const status = within(dialog).getByRole('combobox', { name: 'Status' });
  expect(status).toHaveValue('Active');
  expect(
    within(status)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Active', 'Inactive']);

  const listCalls = api.sent('GET', '/api/users').length;
  await user.selectOptions(status, 'Inactive');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(api.sent('PUT', `/api/users/${morag.id}`).map((r) => r.body)).toEqual([
    { isActive: false },
  ]);
  expect(await within(row(table(/^Recent Users/), 'Morag')).findByText('Inactive')).toBeVisible();
  expect(api.sent('GET', '/api/users').length).toBeGreaterThan(listCalls);
});

test('Cancel closes Edit User without a request', async () => {
  const api = seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  const { user } = await renderApp({ route: '/' });
  await user.click(
    within(await screen.findByRole('row', { name: /Morag/ })).getByRole('button', { name: 'Edit' }),
  );
  await user.click(await screen.findByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.state.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
});

test('a failed save keeps Edit User open with the server message', async () => {
  seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  server.use(http.put('/api/users/:id', () => apiError(500, 'The database is read-only')));
  const { user } = await renderApp({ route: '/' });
  await user.click(
    within(await screen.findByRole('row', { name: /Morag/ })).getByRole('button', { name: 'Edit' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The database is read-only')).toBeVisible();
  expect(dialog).toBeInTheDocument();
});

test('Edit User saved over a change made meanwhile says so; Reload shows the current status', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell', isActive: true, version: '2' });
  const api = seedApi({ customers: [morag] });
  const { user } = await renderApp({ route: '/' });
  await user.click(
    within(await screen.findByRole('row', { name: /Morag/ })).getByRole('button', { name: 'Edit' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  // Another admin deactivates her while this dialog is open.
  Object.assign(morag, { isActive: false, version: '3' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(
    'This record was changed by someone else. Reload it and try again.',
  );
  expect(api.sent('PUT', `/api/users/${morag.id}`)[0]?.headers.get('if-match')).toBe('"2"');
  expect(morag.isActive).toBe(false);
  expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Active');

  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Inactive'),
  );
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
});

test('Delete asks Confirm Delete in User Management’s words, sends DELETE, the user and the totals drop; Undo brings them back', async () => {
  const morag = aCustomer({ fullName: 'Morag Campbell' });
  const api = seedApi({ customers: [morag, aCustomer({ fullName: 'Hamish Reid' })] });
  const { user } = await renderApp({ route: '/' });
  await screen.findByRole('table', { name: 'Recent Users (2)' });
  await user.click(
    within(row(table(/^Recent Users/), 'Morag')).getByRole('button', { name: 'Delete' }),
  );

  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
  expect(
    within(dialog).getByText(
      'Are you sure you want to delete Morag Campbell? This action cannot be undone.',
    ),
  ).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(api.sent('DELETE', `/api/users/${morag.id}`)).toHaveLength(1);
  expect(await screen.findByRole('table', { name: 'Recent Users (1)' })).toBeVisible();
  expect(screen.queryByText('Morag Campbell')).not.toBeInTheDocument();
  expect(await within(card('Total Users')).findByText('1')).toBeVisible();

  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  expect(await screen.findByRole('table', { name: 'Recent Users (2)' })).toBeVisible();
  expect(screen.getByText('Morag Campbell')).toBeVisible();
  expect(api.sent('POST', '/api/users/bulk/deleted').map((sent) => sent.body)).toEqual([
    { changes: [{ id: morag.id, deleted: false }] },
  ]);
});

test('a failed delete stays open with the server message', async () => {
  seedApi({ customers: [aCustomer({ fullName: 'Morag Campbell' })] });
  server.use(http.delete('/api/users/:id', () => apiError(500, 'Could not delete')));
  const { user } = await renderApp({ route: '/' });
  await user.click(
    within(await screen.findByRole('row', { name: /Morag/ })).getByRole('button', {
      name: 'Delete',
    }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByText('Could not delete')).toBeVisible();
  // Behind the dialog (hidden from the accessibility tree while it is open), still on the page.
  expect(screen.getByRole('cell', { name: 'Morag Campbell', hidden: true })).toBeVisible();
});

test('the trends chart revenue by month, casks by status and portfolio value, each as a table too', async () => {
  const months = trendMonths(new Date().toISOString().slice(0, 10));
  const api = seedApi({
    customers: manyCustomers(1),
    trends: {
      revenueByMonth: months.map((month, index) => ({ month, revenue: index * 1000 })),
      casksByStatus: [
        { status: 'Ready', count: 7 },
        { status: 'Maturing', count: 12 },
        { status: 'Experience', count: 1 },
      ],
      portfolioValue: months.map((month, index) => ({ month, value: 50_000 + index * 500 })),
    },
  });
  const { user } = await renderApp({ route: '/' });

  // The charts come in their own chunk, after the cards, from their own request.
  const revenue = await screen.findByRole('figure', { name: 'Revenue by month' });
  expect(api.sent('GET', '/api/admin/dashboard/trends')).toHaveLength(1);
  const statuses = screen.getByRole('figure', { name: 'Casks by status' });
  const portfolio = screen.getByRole('figure', { name: 'Portfolio value' });

  // The drawing is hidden from assistive technology; its toggle shows the numbers as a table.
  const toggle = within(revenue).getByRole('button', { name: 'Show as table' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const revenueTable = within(revenue).getByRole('table', { name: 'Revenue by month' });
  expect(
    within(revenueTable)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Month', 'Revenue (USD)']);
  expect(within(revenueTable).getAllByRole('row')).toHaveLength(13);
  expect(within(revenueTable).getAllByRole('row').at(-1)).toHaveTextContent('$11,000');

  await user.click(within(statuses).getByRole('button', { name: 'Show as table' }));
  const statusRows = within(within(statuses).getByRole('table')).getAllByRole('row');
  expect(statusRows.slice(1).map((tableRow) => tableRow.textContent)).toEqual([
    'Ready7',
    'Maturing12',
    'Experience1',
  ]);

  await user.click(within(portfolio).getByRole('button', { name: 'Show as table' }));
  expect(within(within(portfolio).getByRole('table')).getAllByRole('row').at(-1)).toHaveTextContent(
    '$55,500',
  );
});

test('a failed trends call is told under the cards, which still show', async () => {
  seedApi({ customers: manyCustomers(1) });
  server.use(http.get('/api/admin/dashboard/trends', () => apiError(500, 'Database unreachable')));
  await renderApp({ route: '/' });
  expect(await screen.findByText('Failed to fetch trends')).toBeVisible();
  expect(screen.getByText('Database unreachable')).toBeVisible();
  expect(within(card('Total Users')).getByText('1')).toBeVisible();
});
