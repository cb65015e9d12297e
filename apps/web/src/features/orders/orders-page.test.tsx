import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { manyOrders, anOrder, seedApi, server, http, apiError } from '@/testing/api.ts';
import { SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { renderApp } from '@/testing/render-app.tsx';
import { detailValue } from '@/testing/details.ts';
import { card, pagination, row, searchBox, table } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

const moragsOrder = () =>
  anOrder({
    user: { fullName: 'Morag Campbell' },
    personalInfo: {
      fullName: 'Morag Campbell',
      email: 'morag@example.com',
      preferredContactMethod: 'whatsapp',
      phoneNumber: '+44 7700 900001',
    },
    title: 'Glenfarclas 2008',
    investmentAmount: 48_250.5,
    status: 'Active',
    caskProgress: 'Ready',
    manualPaymentStatus: 'paid',
    isFirstPurchase: true,
    referralPointsAmount: 250,
    submittedDate: '2026-03-01T10:00:00.000Z',
    daysLeft: 10,
    reference: 'ORD-00123',
    createdAt: '2026-03-01T10:00:00.000Z',
    notes: [
      {
        id: '0b8d7c52-1111-4b8f-9d3a-2f4c8e0b7a11',
        content: 'Called about the sample',
        admin: { fullName: 'Ada Lovelace' },
        createdAt: '2026-03-02T09:00:00.000Z',
      },
    ],
  });

test('the screen shows the cards, the search box, the table and 20 orders a page', async () => {
  const api = seedApi({
    orders: [
      moragsOrder(),
      anOrder({ title: 'Ardbeg 2012', status: 'Pending' }),
      anOrder({ title: 'Lagavulin 2015', status: 'Delivered' }),
      anOrder({ title: 'Rejected cask', status: 'Reject' }),
      ...manyOrders(21),
    ],
  });
  const { user } = await renderApp({ route: '/orders' });

  expect(screen.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();
  expect(searchBox('Search orders')).toHaveAttribute('placeholder', 'Search order ...');
  await within(table('Order List')).findByText('Glenfarclas 2008');
  expect(api.sent('GET', '/api/purchases')[0]?.query).toEqual({ page: '1', limit: '20' });
  expect(card('Total Orders')).toHaveTextContent('25');
  expect(card('Total Pending Orders')).toHaveTextContent('22');
  expect(card('Total Delivered Orders')).toHaveTextContent('1');
  expect(
    within(table('Order List'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual([
    '',
    'User Name',
    'Product Name',
    'Budget',
    'Status',
    'Reference',
    'Ordered',
    'Action',
  ]);
  const first = row(table('Order List'), 'Glenfarclas 2008');
  expect(within(first).getByText('Morag Campbell')).toBeVisible();
  expect(within(first).getByText('$48,250.50')).toBeVisible();
  expect(within(first).getByText('Active')).toBeVisible();
  expect(within(first).getByText('ORD-00123')).toBeVisible();
  expect(within(first).getByText('Mar 1, 2026')).toBeVisible();
  expect(within(first).getByRole('button', { name: 'Edit' })).toBeVisible();
  expect(within(first).getByRole('button', { name: 'Delete' })).toBeVisible();
  expect(within(table('Order List')).getAllByRole('row')).toHaveLength(21); // header + 20
  expect(
    within(pagination('Orders pagination')).getByRole('button', { name: 'Refresh' }),
  ).toBeVisible();

  // Page 2 holds the rest.
  await user.click(within(pagination('Orders pagination')).getByRole('button', { name: 'Page 2' }));
  expect(await within(table('Order List')).findByText('Order 21')).toBeVisible();
  expect(api.sent('GET', '/api/purchases').at(-1)?.query).toEqual({ page: '2', limit: '20' });
});

test('the status badge is green, yellow, blue, or red for anything else', async () => {
  seedApi({
    orders: (['Active', 'Pending', 'Delivered', 'Reject'] as const).map((status) =>
      anOrder({ title: `${status} order`, status }),
    ),
  });
  await renderApp({ route: '/orders' });
  await within(table('Order List')).findByText('Active order');
  const dot = (status: string) =>
    within(row(table('Order List'), `${status} order`))
      .getByText(status)
      .querySelector('span[aria-hidden]');
  expect(dot('Active')).toHaveClass('bg-emerald-500');
  expect(dot('Pending')).toHaveClass('bg-amber-500');
  expect(dot('Delivered')).toHaveClass('bg-sky-500');
  expect(dot('Reject')).toHaveClass('bg-red-500');
});

test("'Loading...' cards and 'Loading orders...' until the first answer; then 'No purchases found.'", async () => {
  const api = seedApi();
  const release = api.holdLists();
  await renderApp({ route: '/orders' });
  expect(await screen.findByText('Loading orders...')).toBeVisible();
  expect(card('Total Orders')).toHaveTextContent('Loading...');
  expect(card('Total Delivered Orders')).toHaveTextContent('Loading...');
  release();
  expect(await screen.findByText('No purchases found.')).toBeVisible();
  expect(card('Total Orders')).toHaveTextContent('0');
});

test('the search goes to the server over all orders, from page 1; so does the status', async () => {
  const api = seedApi({ orders: [moragsOrder(), ...manyOrders(30)] });
  const { user } = await renderApp({ route: '/orders' });
  await within(table('Order List')).findByText('Glenfarclas 2008');
  await user.click(within(pagination('Orders pagination')).getByRole('button', { name: 'Page 2' }));
  await within(table('Order List')).findByText('Order 30');

  await user.type(searchBox('Search orders'), '  morag ');
  await waitFor(() =>
    expect(api.sent('GET', '/api/purchases').at(-1)?.query).toEqual({
      page: '1',
      limit: '20',
      search: 'morag',
    }),
  );
  await waitFor(() =>
    expect(within(table('Order List')).queryByText('Order 30')).not.toBeInTheDocument(),
  );
  expect(within(table('Order List')).getByText('Glenfarclas 2008')).toBeVisible();

  await user.clear(searchBox('Search orders'));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Active');
  await waitFor(() =>
    expect(api.sent('GET', '/api/purchases').at(-1)?.query).toEqual({
      page: '1',
      limit: '20',
      status: 'Active',
    }),
  );
});

test('two orders of one product are told apart by reference and date; the Ordered range and sort go to the server', async () => {
  const tour = 'Campbeltown Heritage Tour';
  const api = seedApi({
    orders: [
      anOrder({ title: tour, reference: 'ORD-00124', createdAt: '2026-03-05T10:00:00.000Z' }),
      anOrder({ title: tour, reference: 'ORD-00101', createdAt: '2026-02-01T10:00:00.000Z' }),
    ],
  });
  const { user } = await renderApp({ route: '/orders' });
  const newer = await within(table('Order List')).findByRole('row', { name: /ORD-00124/ });
  expect(within(newer).getByText('Mar 5, 2026')).toBeVisible();
  expect(within(row(table('Order List'), 'ORD-00101')).getByText('Feb 1, 2026')).toBeVisible();

  // Oldest first: the Ordered header sorts by the order's date.
  await user.click(within(table('Order List')).getByRole('button', { name: /Ordered/ }));
  await waitFor(() =>
    expect(api.sent('GET', '/api/purchases').at(-1)?.query).toEqual({
      page: '1',
      limit: '20',
      sort: 'createdAt',
    }),
  );

  // The range: from the start of the From day to the end of the To day, in local time.
  await user.type(screen.getByLabelText('Ordered from'), '2026-03-01');
  await user.type(screen.getByLabelText('Ordered to'), '2026-03-31');
  await waitFor(() =>
    expect(api.sent('GET', '/api/purchases').at(-1)?.query).toEqual({
      page: '1',
      limit: '20',
      sort: 'createdAt',
      orderedFrom: new Date(2026, 2, 1).toISOString(),
      orderedTo: new Date(2026, 3, 1).toISOString(),
    }),
  );
  await waitFor(() =>
    expect(within(table('Order List')).queryByText('ORD-00101')).not.toBeInTheDocument(),
  );
  expect(within(table('Order List')).getByText('ORD-00124')).toBeVisible();

  // A reference is searched as any other text.
  await user.clear(screen.getByLabelText('Ordered from'));
  await user.clear(screen.getByLabelText('Ordered to'));
  await user.type(searchBox('Search orders'), 'ORD-00101');
  await waitFor(() =>
    expect(api.sent('GET', '/api/purchases').at(-1)?.query).toMatchObject({ search: 'ORD-00101' }),
  );
  await waitFor(() =>
    expect(within(table('Order List')).queryByText('ORD-00124')).not.toBeInTheDocument(),
  );
  expect(within(table('Order List')).getByText('ORD-00101')).toBeVisible();
});

test('the Ordered range is read from the URL; a day that is no day is ignored', async () => {
  const api = seedApi({ orders: [moragsOrder()] });
  await renderApp({ route: '/orders?orderedFrom=2026-03-01&orderedTo=soon' });
  await within(table('Order List')).findByText('Glenfarclas 2008');
  expect(screen.getByLabelText('Ordered from')).toHaveValue('2026-03-01');
  expect(screen.getByLabelText('Ordered to')).toHaveValue('');
  expect(api.sent('GET', '/api/purchases')[0]?.query).toEqual({
    page: '1',
    limit: '20',
    orderedFrom: new Date(2026, 2, 1).toISOString(),
  });
});

test('a failed fetch shows the server message in a toast and the error state', async () => {
  seedApi({ orders: [moragsOrder()] });
  server.use(http.get('/api/purchases', () => apiError(500, 'Database unavailable')));
  await renderApp({ route: '/orders' });
  expect(await screen.findByText('Error Loading Orders')).toBeVisible();
  // Once in the error state, once as the toast.
  await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2));
});

test("a failed fetch without a message falls back to 'Failed to fetch purchases.'", async () => {
  seedApi();
  server.use(http.get('/api/purchases', () => apiError(500, '')));
  await renderApp({ route: '/orders' });
  await waitFor(() => expect(screen.getAllByText('Failed to fetch purchases.')).toHaveLength(2));
});

test('a failed fetch shows the cards as unavailable, not loading for ever', async () => {
  seedApi({ orders: [moragsOrder()] });
  server.use(http.get('/api/purchases', () => apiError(500)));
  await renderApp({ route: '/orders' });
  expect(await screen.findByText('Error Loading Orders')).toBeVisible();
  for (const title of ['Total Orders', 'Total Pending Orders', 'Total Delivered Orders']) {
    expect(card(title)).toHaveTextContent('Unavailable');
    expect(card(title)).not.toHaveTextContent('Loading...');
  }
});

test('in Edit Order, Tab goes from Close through the four editable fields to Save', async () => {
  // Issue 27: the nine read-only fields were keyboard stops (15 Tabs from Close to Save).
  seedApi({ orders: [moragsOrder()] });
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Edit',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  const close = within(dialog).getByRole('button', { name: 'Close' });
  close.focus();

  const stops: string[] = [];
  for (let press = 0; press < 7; press += 1) {
    await user.tab();
    const focused = document.activeElement as HTMLElement;
    const label =
      focused instanceof HTMLButtonElement ? null : (focused as HTMLInputElement).labels;
    const name =
      focused.getAttribute('aria-label') ?? label?.[0]?.textContent ?? focused.textContent;
    stops.push(`${focused.tagName.toLowerCase()} ${name}`);
  }
  expect(stops).toEqual([
    'select Progress',
    'select Payment',
    'select Status',
    'textarea Notes',
    'button Cancel',
    'button Save',
    'button Close',
  ]);
  // Still there, for the eye and a screen reader alike: text under its term.
  expect(detailValue(dialog, 'Deadline')).toHaveTextContent('Mar 11, 2026');
});

test('Edit Order shows the order read-only, saves the editable fields and keeps the history', async () => {
  const order = moragsOrder();
  const api = seedApi({ orders: [order] });
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Edit',
    }),
  );

  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  for (const [label, value] of [
    ['Reference', 'ORD-00123'],
    ['Ordered', 'Mar 1, 2026'],
    ['User Name', 'Morag Campbell'],
    ['Email', 'morag@example.com'],
    ['Preferred Contact Method', 'whatsapp'],
    ['Phone Number', '+44 7700 900001'],
    ['Product', 'Glenfarclas 2008'],
    ['First Purchase', 'Yes'],
    ['Budget', '$48,250.50'],
    ['Points', '250'],
    ['Deadline', 'Mar 11, 2026'],
  ] as const) {
    // Read-only: shown as text under its term, never an input.
    expect(detailValue(dialog, label)).toHaveTextContent(value);
    expect(within(dialog).queryByLabelText(label, { selector: 'input' })).not.toBeInTheDocument();
  }
  const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
  expect(notes).toHaveAttribute('placeholder', 'Enter notes here');
  expect(notes).toHaveValue('Called about the sample');
  expect(within(dialog).getByRole('combobox', { name: 'Progress' })).toHaveValue('Ready');
  // Issue 41: the spec's values, each read as a label (and sent as stored, below).
  const payments = within(within(dialog).getByRole('combobox', { name: 'Payment' })).getAllByRole(
    'option',
  ) as HTMLOptionElement[];
  expect(payments.map((option) => option.textContent)).toEqual([
    'Paid',
    'Refunded',
    'Delivered',
    'Due',
    'Completed',
  ]);
  expect(payments.map((option) => option.value)).toEqual([
    'paid',
    'refunded',
    'Delivered',
    'due',
    'completed',
  ]);
  expect(
    within(within(dialog).getByRole('combobox', { name: 'Status' }))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Active', 'Pending', 'Delivered', 'Reject']);

  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Progress' }), 'Maturing');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment' }), 'completed');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Delivered');
  await user.clear(notes);
  await user.type(notes, 'Cask sampled');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(await screen.findByText('Order updated successfully!')).toBeInTheDocument();
  expect(api.sent('PUT', `/api/purchases/${order._id}/status`).map((r) => r.body)).toEqual([
    {
      status: 'Delivered',
      caskProgress: 'Maturing',
      manualPaymentStatus: 'completed',
      notes: 'Cask sampled',
    },
  ]);
  // Updated in place, and the cards follow.
  expect(
    await within(row(table('Order List'), 'Glenfarclas')).findByText('Delivered'),
  ).toBeVisible();
  await waitFor(() => expect(card('Total Delivered Orders')).toHaveTextContent('1'));

  // The history shows both notes, newest first.
  await user.click(
    within(row(table('Order List'), 'Glenfarclas')).getByRole('button', { name: 'Edit' }),
  );
  const again = await screen.findByRole('dialog', { name: 'Edit Order' });
  const history = within(again).getByRole('list', { name: 'Notes history' });
  expect(
    within(history)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent),
  ).toEqual(['Cask sampled', 'Called about the sample']);
});

test('a failed save stays open with the server message, also as a toast', async () => {
  seedApi({ orders: [moragsOrder()] });
  server.use(http.put('/api/purchases/:id/status', () => apiError(500, 'Order is locked')));
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Edit',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Order is locked')).toBeVisible();
  // Once in the dialog, once as the toast.
  expect(screen.getAllByText('Order is locked')).toHaveLength(2);
});

test("with 'Order status to Delivered above' on, Delivered asks a Reason and is sent for approval; the order is unchanged", async () => {
  const order = moragsOrder();
  const api = seedApi({
    orders: [order],
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, orderDelivered: { on: true, above: 1000 } },
  });
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Edit',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  expect(within(dialog).queryByRole('textbox', { name: 'Reason' })).toBeNull();
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Delivered');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Paid in full');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL_DIALOG);
  expect(api.sent('PUT', `/api/purchases/${order._id}/status`)[0]?.body).toMatchObject({
    status: 'Delivered',
    reason: 'Paid in full',
  });
  expect(api.state.orders[0]?.status).toBe(order.status);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(dialog).not.toBeInTheDocument();
});

test('a save over a change made meanwhile says so; Reload refills the dialog with the current order', async () => {
  const order = { ...moragsOrder(), manualPaymentStatus: 'due' as const, version: '5' };
  const api = seedApi({ orders: [order] });
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Edit',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
  // Another admin marks the order paid while this dialog is open.
  Object.assign(order, { manualPaymentStatus: 'paid', version: '6' });
  const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
  await user.clear(notes);
  await user.type(notes, 'Chased the payment');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(
    'This record was changed by someone else. Reload it and try again.',
  );
  expect(api.sent('PUT', `/api/purchases/${order._id}/status`)[0]?.headers.get('if-match')).toBe(
    '"5"',
  );
  // Nothing was saved over theirs, and nothing the admin typed is gone yet.
  expect(api.state.orders[0]?.manualPaymentStatus).toBe('paid');
  expect(notes).toHaveValue('Chased the payment');
  expect(within(dialog).getByRole('combobox', { name: 'Payment' })).toHaveValue('due');

  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: 'Payment' })).toHaveValue('paid'),
  );
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  expect(api.sent('GET', `/api/purchases/${order._id}`)).toHaveLength(1);

  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(api.sent('PUT', `/api/purchases/${order._id}/status`)[1]?.headers.get('if-match')).toBe(
    '"6"',
  );
  expect(api.state.orders[0]?.manualPaymentStatus).toBe('paid');
});

test('Confirm Delete asks with the title and the user, then the row and the counts go', async () => {
  const order = moragsOrder();
  const api = seedApi({ orders: [order, anOrder({ title: 'Ardbeg 2012' })] });
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Delete',
    }),
  );

  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
  expect(
    within(dialog).getByText(
      'Are you sure you want to delete order Glenfarclas 2008 for Morag Campbell?',
    ),
  ).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(await screen.findByText('Order deleted successfully!')).toBeInTheDocument();
  expect(api.sent('DELETE', `/api/purchases/${order._id}`)).toHaveLength(1);
  await waitFor(() =>
    expect(within(table('Order List')).queryByText('Glenfarclas 2008')).not.toBeInTheDocument(),
  );
  expect(card('Total Orders')).toHaveTextContent('1');
});

test("a failed delete stays open with 'Failed to delete order.' when the server says nothing", async () => {
  seedApi({ orders: [moragsOrder()] });
  const { user } = await renderApp({ route: '/orders' });
  await user.click(
    within(await screen.findByRole('row', { name: /Glenfarclas/ })).getByRole('button', {
      name: 'Delete',
    }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
  server.use(http.delete('/api/purchases/:id', () => apiError(500, '')));
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByText('Failed to delete order.')).toBeVisible();
  expect(screen.getAllByText('Failed to delete order.')).toHaveLength(2);
});
