import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import userEvent from '@testing-library/user-event';
import { detailValue } from '@/testing/details.ts';
import { aCask, aCustomer, aWarehouse, seedApi } from '@/testing/api.ts';
import { SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { renderApp } from '@/testing/render-app.tsx';
import { ABV_TREND_FAR } from './cask-page.tsx';
import { isoYearsFromNow } from '@/testing/dates.ts';

afterEach(() => {
  toast.remove();
});

test('the Cask List links each name to its page and each owner to theirs, with alert badges', async () => {
  const cask = aCask({
    name: 'Glen Old',
    owner: { id: '00000000-0000-4000-8000-0000000000aa', fullName: 'Isla Grant', email: 'i@x.io' },
    regaugeDueOn: isoYearsFromNow(-1),
    abvFortyOn: isoYearsFromNow(2),
  });
  const fresh = aCask({ name: 'Glen New', regaugeDueOn: isoYearsFromNow(2) });
  const api = seedApi({ casks: [cask, fresh] });
  await renderApp({ route: '/cask' });

  const table = await screen.findByRole('table', { name: 'Cask List' });
  const link = within(table).getByRole('link', { name: 'Glen Old' });
  expect(link).toHaveAttribute('href', `/cask/${cask.id}`);
  expect(within(table).getAllByRole('link', { name: 'Isla Grant' })[0]).toHaveAttribute(
    'href',
    '/user/00000000-0000-4000-8000-0000000000aa',
  );
  const oldRow = link.closest('tr') as HTMLElement;
  expect(within(oldRow).getByText('Regauge due')).toBeVisible();
  expect(within(oldRow).getByText('ABV near 40%')).toBeVisible();
  const newRow = within(table).getByRole('link', { name: 'Glen New' }).closest('tr') as HTMLElement;
  expect(within(newRow).queryByText('Regauge due')).toBeNull();

  fireEvent.change(screen.getByRole('combobox', { name: 'Filter by alert' }), {
    target: { value: 'regauge-due' },
  });
  await waitFor(() =>
    expect(api.sent('GET', '/api/casks').at(-1)?.query).toMatchObject({ alert: 'regauge-due' }),
  );
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Glen New' })).toBeNull());
  expect(screen.getByRole('link', { name: 'Glen Old' })).toBeVisible();
});

test('the cask page shows every field, the owner, a labelled value chart and its table', async () => {
  const cask = aCask({
    name: 'Glen Page',
    location: 'Warehouse 4',
    notes: 'Sherry hogshead',
    abvFortyOn: isoYearsFromNow(1),
    appreciationData: [
      { month: '2025-01', value: 10000 },
      { month: '2025-02', value: 10500 },
    ],
  });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });

  expect(await screen.findByRole('heading', { name: 'Glen Page', level: 1 })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Isla Grant' })).toHaveAttribute(
    'href',
    `/user/${cask.owner.id}`,
  );
  for (const text of [
    'Springbank',
    '2012',
    '200L',
    '58.2%',
    'Warehouse 4',
    'Sherry hogshead',
    '$12,000',
  ])
    expect(screen.getAllByText(text)[0]).toBeVisible();
  expect(screen.getByText(/ABV near 40%: 40% on/)).toBeVisible();
  const chart = screen.getByRole('figure', { name: 'Value over time' });
  fireEvent.click(within(chart).getByRole('button', { name: 'Show as table' }));
  const data = within(chart).getByRole('table', { name: 'Value over time' });
  expect(within(data).getByRole('columnheader', { name: 'Month' })).toBeVisible();
  expect(within(data).getByRole('columnheader', { name: 'Value (USD)' })).toBeVisible();
  expect(within(data).getByRole('row', { name: 'Feb 2025 $10,500' })).toBeVisible();
});

test('Record Regauge shows a refused field under it, then records and lists the gauge', async () => {
  const cask = aCask({ name: 'Glen Gauge' });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });

  fireEvent.click(await screen.findByRole('button', { name: 'Record Regauge' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record Regauge' });
  fireEvent.change(within(dialog).getByLabelText('Bulk litres'), { target: { value: '190' } });
  fireEvent.change(within(dialog).getByLabelText('ABV (%)'), { target: { value: '101' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record Regauge' }));
  expect(await within(dialog).findByText('ABV (%) must be from 0 to 100%')).toBeVisible();
  expect(within(dialog).getByLabelText('ABV (%)')).toHaveAttribute('aria-invalid', 'true');

  fireEvent.change(within(dialog).getByLabelText('ABV (%)'), { target: { value: '57.5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record Regauge' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const gauges = await screen.findByRole('table', { name: 'Regauges' });
  await within(gauges).findByText('109.25 L');
  expect(await screen.findByText(/Regauged on/)).toBeVisible();
});

// Issue 41: what the screens say is true.
test("the cask page shows the latest gauge as Volume and ABV with its day, the filling as 'Filled at'", async () => {
  const cask = aCask({
    name: 'Glen Gauged',
    volume: 361.5,
    abv: 51.7,
    gaugedOn: '2026-01-02',
    filledVolume: 500,
    filledAbv: 53.6,
    abvFortyOn: '2142-10-06',
  });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });
  const details = await screen.findByRole('heading', { name: 'Glen Gauged', level: 1 });
  expect(details).toBeVisible();
  const page = document.body;
  expect(detailValue(page, 'Volume')).toHaveTextContent('361.5L (gauged Jan 2, 2026)');
  expect(detailValue(page, 'ABV')).toHaveTextContent('51.7% (gauged Jan 2, 2026)');
  expect(detailValue(page, 'Filled at')).toHaveTextContent('500L at 53.6%');
  expect(detailValue(page, 'ABV trend reaches 40%')).toHaveTextContent(ABV_TREND_FAR);
  expect(screen.queryByText(/2142/)).toBeNull();
});

test("the details show the cask's identity: number, fill date, warehouse and its place there", async () => {
  const cask = aCask({
    name: 'Glen Numbered',
    caskNumber: '1234',
    fillDate: '2014-06-12',
    year: 2014,
    warehouse: { id: aWarehouse().id, name: 'Bonded Warehouse No. 4' },
    location: 'Rack 12, Bay 3',
  });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });
  await screen.findByRole('heading', { name: 'Glen Numbered', level: 1 });
  expect(detailValue(document.body, 'Cask Number')).toHaveTextContent('1234');
  expect(detailValue(document.body, 'Fill Date')).toHaveTextContent('Jun 12, 2014');
  expect(detailValue(document.body, 'Warehouse')).toHaveTextContent('Bonded Warehouse No. 4');
  expect(detailValue(document.body, 'Location')).toHaveTextContent('Rack 12, Bay 3');
});

test("a cask already below 40% says 'Below 40%' with the day of the gauge that found it", async () => {
  const cask = aCask({
    name: 'Glen Weak',
    abv: 38.13,
    gaugedOn: '2026-05-01',
    filledAbv: 48.4,
    abvFortyOn: '2026-05-01',
  });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });
  await screen.findByRole('heading', { name: 'Glen Weak', level: 1 });
  expect(detailValue(document.body, 'ABV')).toHaveTextContent('38.13% (gauged May 1, 2026)');
  expect(screen.getByText('Below 40%: gauged May 1, 2026')).toBeVisible();
  expect(detailValue(document.body, 'ABV trend reaches 40%')).toHaveTextContent(
    'Below 40% (gauged May 1, 2026)',
  );
  expect(screen.queryByText(/ABV near 40%/)).toBeNull();
});

test('Record Regauge shows the last gauge for reference, and the new one becomes Volume and ABV', async () => {
  const cask = aCask({ name: 'Glen Reference', volume: 500, abv: 53.6 });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });

  fireEvent.click(await screen.findByRole('button', { name: 'Record Regauge' }));
  let dialog = await screen.findByRole('dialog', { name: 'Record Regauge' });
  expect(within(dialog).getByText('No gauge yet: filled at 500L at 53.6% ABV.')).toBeVisible();
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-01-02' } });
  fireEvent.change(within(dialog).getByLabelText('Bulk litres'), { target: { value: '361.5' } });
  fireEvent.change(within(dialog).getByLabelText('ABV (%)'), { target: { value: '51.7' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Record Regauge' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() =>
    expect(detailValue(document.body, 'ABV')).toHaveTextContent('51.7% (gauged Jan 2, 2026)'),
  );
  expect(detailValue(document.body, 'Volume')).toHaveTextContent('361.5L');
  expect(detailValue(document.body, 'Filled at')).toHaveTextContent('500L at 53.6%');

  fireEvent.click(screen.getByRole('button', { name: 'Record Regauge' }));
  dialog = await screen.findByRole('dialog', { name: 'Record Regauge' });
  expect(
    within(dialog).getByText(
      'Last gauge: Jan 2, 2026, 361.5 L at 51.7% ABV (186.896 L of pure alcohol).',
    ),
  ).toBeVisible();
});

test('Transfer Ownership shows the owner, leaves them out of the picker, confirms with the price; the old owner lists it under Past casks', async () => {
  const owner = aCustomer({ fullName: 'Isla Grant', email: 'isla@example.com' });
  const buyer = aCustomer({ fullName: 'Iain Buyer', email: 'iain@example.com' });
  const cask = aCask({
    name: 'Glen Moved',
    owner: { id: owner.id, fullName: owner.fullName, email: owner.email },
  });
  const api = seedApi({ casks: [cask], customers: [owner, buyer] });
  const user = userEvent.setup();
  await renderApp({ route: `/cask/${cask.id}` });

  await user.click(await screen.findByRole('button', { name: 'Transfer Ownership' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer Ownership' });
  expect(within(dialog).getByText(/Current owner:/)).toHaveTextContent('Current owner: Isla Grant');
  const combobox = within(dialog).getByRole('combobox', { name: 'New owner' });
  await user.type(combobox, 'i');
  const listbox = within(dialog).getByRole('listbox');
  await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
  await user.click(within(listbox).getByRole('option', { name: /Iain Buyer/ }));
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-02-05' } });
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '15000' } });
  await user.click(within(dialog).getByRole('button', { name: 'Transfer Ownership' }));
  expect(
    within(dialog).getByText('Transfer Glen Moved to Iain Buyer on Feb 5, 2026 for $15,000?'),
  ).toBeVisible();
  expect(api.sent('POST', `/api/casks/${cask.id}/transfers`)).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Transfer' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('POST', `/api/casks/${cask.id}/transfers`)).toHaveLength(1);

  await user.click(screen.getAllByRole('link', { name: 'Isla Grant' })[0] as HTMLElement);
  const past = await screen.findByRole('table', { name: /^Past casks/ });
  const row = await within(past).findByRole('row', { name: /Glen Moved/ });
  expect(row).toHaveTextContent('Feb 5, 2026');
  expect(within(row).getByRole('link', { name: 'Iain Buyer' })).toBeVisible();
  expect(row).toHaveTextContent('$15,000');
});

test("with 'Transfer Ownership' on, a transfer with its Reason is sent for approval; the owner stays", async () => {
  const owner = aCustomer({ fullName: 'Isla Grant', email: 'isla@example.com' });
  const buyer = aCustomer({ fullName: 'Iain Buyer', email: 'iain@example.com' });
  const cask = aCask({
    name: 'Glen Moved',
    owner: { id: owner.id, fullName: owner.fullName, email: owner.email },
  });
  const api = seedApi({
    casks: [cask],
    customers: [owner, buyer],
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, transferOwnership: { on: true } },
  });
  const user = userEvent.setup();
  await renderApp({ route: `/cask/${cask.id}` });
  await user.click(await screen.findByRole('button', { name: 'Transfer Ownership' }));
  const dialog = await screen.findByRole('dialog', { name: 'Transfer Ownership' });
  await user.type(within(dialog).getByRole('combobox', { name: 'New owner' }), 'i');
  await user.click(await within(dialog).findByRole('option', { name: /Iain Buyer/ }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sold at auction');
  await user.click(within(dialog).getByRole('button', { name: 'Transfer Ownership' }));
  await user.click(within(dialog).getByRole('button', { name: 'Confirm Transfer' }));
  expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL_DIALOG);
  expect(api.sent('POST', `/api/casks/${cask.id}/transfers`)[0]?.body).toMatchObject({
    toCustomerId: buyer.id,
    reason: 'Sold at auction',
  });
  expect(api.state.casks[0]?.owner.id).toBe(owner.id);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('an unknown cask, or a link with no id at all, says the cask was not found', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000001', 'not-an-id']) {
    seedApi();
    const { unmount } = await renderApp({ route: `/cask/${id}` });
    expect(await screen.findByText('This cask was not found.')).toBeVisible();
    expect(screen.queryByText('Invalid UUID')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the Cask List' })).toHaveAttribute(
      'href',
      '/cask',
    );
    unmount();
  }
});

test('the cask page reads its type as a label, not as stored', async () => {
  const cask = aCask({ name: 'Typed Cask', type: 'cask' });
  seedApi({ casks: [cask] });
  await renderApp({ route: `/cask/${cask.id}` });
  await screen.findByRole('heading', { name: 'Typed Cask', level: 1 });
  expect(detailValue(document.body, 'Type')).toHaveTextContent(/^Cask$/);
});
