import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPE_LABELS,
  AUDIT_RECORD_TYPES,
} from '@cask/contracts/audit';
import { DATE_OUT_OF_RANGE } from '@cask/contracts/common';
import { anAuditEntry, aCask, aCustomer, seedApi } from '@/testing/api.ts';
import { auditApi, otto } from '@/testing/handlers/audit.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { detailValue } from '@/testing/details.ts';
import { table } from '@/testing/queries.ts';
import { AUDIT_TO_BEFORE_FROM } from './audit-filters.ts';

afterEach(() => vi.unstubAllGlobals());

test("the sidebar's 'Audit Log' follows 'Notifications' and opens the screen", async () => {
  auditApi();
  const { user } = await renderApp({ route: '/' });
  const sidebar = screen.getAllByRole('navigation')[0]!;
  const names = within(sidebar)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());
  expect(names.indexOf('Audit Log')).toBe(names.indexOf('Notifications') + 1);
  await user.click(within(sidebar).getByRole('link', { name: 'Audit Log' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
});

test('the table lists Time, Admin, Action, Record and Address, newest first', async () => {
  auditApi();
  await renderApp({ route: '/audit' });
  await within(table('Audit Log')).findByText('Customer: Isla Grant');
  const headers = within(table('Audit Log'))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual(['Time', 'Admin', 'Action', 'Record', 'Address']);
  const rows = within(table('Audit Log')).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('Customer updated');
  expect(rows[1]).toHaveTextContent('Otto Other');
  expect(rows[2]).toHaveTextContent('Nobody signed in');
  expect(rows[2]).toHaveTextContent('Sign-in failed');
});

test('the filters are read from and written to the URL, and combine', async () => {
  const api = auditApi();
  const { user, router } = await renderApp({ route: '/audit?type=cask' });
  await within(table('Audit Log')).findByText('Cask: Springbank 2012');
  expect(within(table('Audit Log')).queryByText('Customer: Isla Grant')).not.toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('cask');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Customer updated');
  await waitFor(() => expect(router.state.location.search).toBe('?action=user.updated&type=cask'));
  expect(await within(table('Audit Log')).findByText('No entries found.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search by record id or name' }), 'isla');
  await waitFor(() => expect(router.state.location.search).toBe('?search=isla'));
  await waitFor(() => expect(within(table('Audit Log')).getAllByRole('row')).toHaveLength(2));

  await user.click(screen.getByRole('combobox', { name: 'Admin' }));
  await user.click(await screen.findByRole('option', { name: /Otto Other/ }));
  await waitFor(() => expect(router.state.location.search).toBe(`?search=isla&admin=${otto.id}`));
  const last = api.sent('GET', '/api/audit').at(-1)!;
  expect(last.query).toMatchObject({ search: 'isla', admin: otto.id });
});

test('a day the API would refuse, or a To before the From, is said under its field and not asked for', async () => {
  const api = auditApi();
  const { router } = await renderApp({ route: '/audit?from=0001-01-01' });
  const from = screen.getByLabelText('From');
  expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
  expect(from).toHaveAccessibleDescription(DATE_OUT_OF_RANGE);
  expect(
    within(table('Audit Log')).getByText('Correct the dates above to see entries.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Error Loading the Audit Log')).not.toBeInTheDocument();
  expect(api.sent('GET', '/api/audit')).toHaveLength(0);

  await act(() => router.navigate('/audit?from=2026-03-05&to=2026-03-01'));
  await waitFor(() =>
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(AUDIT_TO_BEFORE_FROM),
  );
  expect(screen.queryByText(DATE_OUT_OF_RANGE)).not.toBeInTheDocument();
  expect(api.sent('GET', '/api/audit')).toHaveLength(0);
});

test("a row opens 'Audit Entry' with who, when, where, the record and the change, no secret", async () => {
  auditApi();
  const { user } = await renderApp({ route: '/audit' });
  await within(table('Audit Log')).findByText('Cask: Springbank 2012');
  const rows = within(table('Audit Log')).getAllByRole('row').slice(1);
  await user.click(within(rows[1]!).getByRole('button'));
  const dialog = await screen.findByRole('dialog', { name: 'Audit Entry' });
  expect(detailValue(dialog, 'Who')).toHaveTextContent('Otto Other');
  expect(detailValue(dialog, 'Address')).toHaveTextContent('203.0.113.7');
  expect(detailValue(dialog, 'Browser')).toHaveTextContent('Chrome/130');
  expect(within(dialog).getByRole('link', { name: 'Cask: Springbank 2012' })).toHaveAttribute(
    'href',
    expect.stringMatching(/^\/cask\//),
  );
  const change = within(dialog).getByRole('table', { name: 'Change' });
  const status = within(change).getByRole('row', { name: /Status/ });
  expect(status).toHaveTextContent('Maturing');
  expect(status).toHaveTextContent('Ready');
  expect(status).toHaveTextContent('Changed');
  expect(within(change).getByRole('row', { name: /Notes/ })).not.toHaveTextContent('Changed');

  await user.keyboard('{Escape}');
  await user.click(within(rows[2]!).getByRole('button'));
  const failed = await screen.findByRole('dialog', { name: 'Audit Entry' });
  expect(failed).not.toHaveTextContent('leaked?');
  expect(within(failed).getByRole('row', { name: /Password/ })).toHaveTextContent('[hidden]');
});

test("an edit dialog's History lists the record's changes from the audit log", async () => {
  const isla = aCustomer({ fullName: 'Isla Grant' });
  const api = auditApi();
  api.state.customers.push(isla);
  api.state.audit.unshift(
    anAuditEntry({ recordId: isla.id, before: { isActive: true }, after: { isActive: false } }),
  );
  const { user } = await renderApp({ route: '/user' });
  // The User Management table's row: the Reward List below has one for Isla too.
  const users = await screen.findByRole('table', { name: 'Users' });
  const row = await within(users).findByRole('row', { name: /Isla Grant/ });
  await user.click(within(row).getByRole('button', { name: /Edit/ }));
  const dialog = await screen.findByRole('dialog');
  const history = await within(dialog).findByRole('region', { name: 'History' });
  expect(await within(history).findByText('Status: Active → Inactive')).toBeInTheDocument();
  expect(history).toHaveTextContent('Ada Lovelace');
  expect(api.sent('GET', '/api/audit').at(-1)!.query).toMatchObject({
    recordType: 'customer',
    recordId: isla.id,
  });
});

test("a change run on another admin's approval reads 'Approved by ...' in the History and the log, not as fields (issue 45)", async () => {
  const isla = aCustomer({ fullName: 'Isla Grant' });
  const api = auditApi();
  api.state.customers.push(isla);
  api.state.audit.unshift(
    anAuditEntry({
      recordId: isla.id,
      before: { isActive: true },
      after: {
        isActive: false,
        approvalId: '00000000-0000-4000-8000-0000000000aa',
        approvedById: '00000000-0000-4000-8000-0000000000bb',
        approvedBy: 'Grace Hopper',
      },
    }),
  );
  const { user } = await renderApp({ route: '/user' });
  const users = await screen.findByRole('table', { name: 'Users' });
  const row = await within(users).findByRole('row', { name: /Isla Grant/ });
  await user.click(within(row).getByRole('button', { name: /Edit/ }));
  const history = await within(await screen.findByRole('dialog')).findByRole('region', {
    name: 'History',
  });
  expect(await within(history).findByText('Approved by Grace Hopper')).toBeInTheDocument();
  expect(within(history).getByText('Status: Active → Inactive')).toBeInTheDocument();
  expect(history).not.toHaveTextContent('0000000000aa');

  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('link', { name: 'Audit Log' }));
  const log = await screen.findByRole('table', { name: /audit/i });
  expect(await within(log).findByText('Approved by Grace Hopper')).toBeInTheDocument();
});

test('the Action and Record type filters offer every action and record type by its label', async () => {
  auditApi();
  await renderApp({ route: '/audit' });
  const options = (name: string) =>
    within(screen.getByRole('combobox', { name }))
      .getAllByRole('option')
      .map((option) => [(option as HTMLOptionElement).value, option.textContent]);
  const actions = options('Action');
  for (const action of AUDIT_ACTIONS)
    expect(actions).toContainEqual([action, AUDIT_ACTION_LABELS[action]]);
  expect(actions).toContainEqual(['cask.transferred', 'Cask transferred']);
  expect(actions).toContainEqual(['admin.invite_sent', 'Invite sent']);
  const types = options('Record type');
  for (const type of AUDIT_RECORD_TYPES) {
    expect(types).toContainEqual([type, AUDIT_RECORD_TYPE_LABELS[type]]);
  }
  expect(types).toContainEqual(['invite', 'Admin invite']);
  expect(types).toContainEqual(['passkey', 'Passkey']);
});

test("what the server did itself is 'System', a failed sign-in 'Nobody signed in'", async () => {
  const api = auditApi();
  api.state.audit.unshift(
    anAuditEntry({
      action: 'seed.demo',
      entity: 'database',
      recordType: 'system',
      recordId: null,
      recordName: null,
      adminId: null,
      admin: null,
      before: null,
      after: { customers: 12 },
    }),
  );
  await renderApp({ route: '/audit' });
  await within(table('Audit Log')).findByText('Demo data loaded');
  const rows = within(table('Audit Log')).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('System');
  expect(rows[0]).not.toHaveTextContent('Nobody signed in');
  expect(rows[3]).toHaveTextContent('Nobody signed in');
});

test("a transfer's change names the old and the new owner with links, in the screens' words", async () => {
  const fiona = '1b0e4f0a-1111-4c3d-8e5f-000000000001';
  const toby = '1b0e4f0a-2222-4c3d-8e5f-000000000002';
  const api = auditApi();
  api.state.audit.unshift(
    anAuditEntry({
      action: 'cask.transferred',
      entity: 'cask',
      recordType: 'cask',
      recordName: 'Springbank 2012',
      before: { ownerId: fiona },
      after: { ownerId: toby, transferredOn: '2026-03-04', price: '15000.5', note: null },
      references: {
        [fiona]: { type: 'customer', name: 'Fiona From' },
        [toby]: { type: 'customer', name: 'Toby To' },
      },
    }),
  );
  const { user } = await renderApp({ route: '/audit' });
  const row = await within(table('Audit Log')).findByRole('row', { name: /Cask transferred/ });
  await user.click(within(row).getByRole('button'));
  const dialog = await screen.findByRole('dialog', { name: 'Audit Entry' });
  const change = within(dialog).getByRole('table', { name: 'Change' });
  const owner = within(change).getByRole('row', { name: /Owner/ });
  expect(within(owner).getByRole('link', { name: 'Fiona From' })).toHaveAttribute(
    'href',
    `/user/${fiona}`,
  );
  expect(within(owner).getByRole('link', { name: 'Toby To' })).toHaveAttribute(
    'href',
    `/user/${toby}`,
  );
  expect(owner).not.toHaveTextContent(toby);
  expect(within(change).getByRole('row', { name: /Transferred on/ })).toHaveTextContent(
    'Mar 4, 2026',
  );
  expect(within(change).getByRole('row', { name: /Price/ })).toHaveTextContent('$15,000.50');
});

test('values read as the screens write them: points, litres, ABV, dates; a bulk change says so', async () => {
  const api = auditApi();
  api.state.audit.unshift(
    anAuditEntry({
      action: 'cask.regauged',
      entity: 'cask',
      recordType: 'cask',
      recordName: 'Springbank 2012',
      before: null,
      after: { gaugedOn: '2026-02-01', bulkLitres: 190.5, abv: 57.1 },
    }),
    anAuditEntry({
      action: 'points.adjusted',
      recordType: 'points',
      before: { referralPoints: 1200 },
      after: { referralPoints: 1500, points: 300 },
    }),
    anAuditEntry({
      action: 'order.updated',
      entity: 'purchase',
      recordType: 'order',
      recordName: 'Springbank cask share',
      before: { status: 'Pending' },
      after: { status: 'Delivered' },
      bulk: { id: '5c1d2e3f-4a5b-4c6d-8e7f-000000000010', size: 10 },
    }),
  );
  const { user } = await renderApp({ route: '/audit' });
  const bulkRow = await within(table('Audit Log')).findByRole('row', { name: /Order updated/ });
  expect(bulkRow).toHaveTextContent('Part of a bulk change of 10 orders');

  await user.click(
    within(within(table('Audit Log')).getByRole('row', { name: /Points adjusted/ })).getByRole(
      'button',
    ),
  );
  let dialog = await screen.findByRole('dialog', { name: 'Audit Entry' });
  const points = within(within(dialog).getByRole('table', { name: 'Change' })).getByRole('row', {
    name: /Points balance/,
  });
  expect(points).toHaveTextContent('1,200');
  expect(points).toHaveTextContent('1,500');
  expect(dialog).not.toHaveTextContent('referralPoints');
  await user.keyboard('{Escape}');

  await user.click(
    within(within(table('Audit Log')).getByRole('row', { name: /Cask regauged/ })).getByRole(
      'button',
    ),
  );
  dialog = await screen.findByRole('dialog', { name: 'Audit Entry' });
  const change = within(dialog).getByRole('table', { name: 'Change' });
  expect(within(change).getByRole('row', { name: /Gauged on/ })).toHaveTextContent('Feb 1, 2026');
  expect(within(change).getByRole('row', { name: /Bulk litres/ })).toHaveTextContent('190.5 L');
  expect(within(change).getByRole('row', { name: /ABV/ })).toHaveTextContent('57.1%');
  expect(dialog).not.toHaveTextContent('gaugedOn');
});

test("a valuation's entry reads 'Cask valued' with the current value before and after", async () => {
  const api = auditApi();
  api.state.audit.unshift(
    anAuditEntry({
      action: 'cask.valued',
      entity: 'cask',
      recordType: 'cask',
      recordName: 'Springbank 2012',
      before: { currentValue: '12000.00' },
      after: {
        currentValue: '12500.55',
        valuedOn: '2026-03-05',
        value: '12500.55',
        source: 'Broker quote',
        note: 'March quote',
      },
    }),
  );
  const { user } = await renderApp({ route: '/audit' });
  const entry = await within(table('Audit Log')).findByRole('row', { name: /Cask valued/ });
  await user.click(within(entry).getByRole('button'));
  const dialog = await screen.findByRole('dialog', { name: 'Audit Entry' });
  const change = within(dialog).getByRole('table', { name: 'Change' });
  const current = within(change).getByRole('row', { name: /Current value/ });
  expect(current).toHaveTextContent('$12,000');
  expect(current).toHaveTextContent('$12,500.55');
  expect(within(change).getByRole('row', { name: /Valued on/ })).toHaveTextContent('Mar 5, 2026');
  expect(within(change).getByRole('row', { name: /^Value\b/ })).toHaveTextContent('$12,500.55');
  expect(within(change).getByRole('row', { name: /Source/ })).toHaveTextContent('Broker quote');
});

test("a cask's History names its owners and writes its dates as the screens do", async () => {
  const cask = aCask({ name: 'Springbank 2012' });
  const fiona = '1b0e4f0a-1111-4c3d-8e5f-000000000001';
  seedApi({
    casks: [cask],
    audit: [
      anAuditEntry({
        action: 'cask.transferred',
        entity: 'cask',
        recordType: 'cask',
        recordId: cask.id,
        recordName: cask.name,
        before: { ownerId: fiona },
        after: { ownerId: cask.owner.id, transferredOn: '2026-03-04' },
        references: {
          [fiona]: { type: 'customer', name: 'Fiona From' },
          [cask.owner.id]: { type: 'customer', name: cask.owner.fullName },
        },
      }),
    ],
  });
  const { user } = await renderApp({ route: '/cask' });
  const row = await screen.findByRole('row', { name: /Springbank 2012/ });
  await user.click(within(row).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Cask' });
  const history = await within(dialog).findByRole('region', { name: 'History' });
  expect(
    await within(history).findByText(
      `Owner: Fiona From → ${cask.owner.fullName}; Transferred on: — → Mar 4, 2026`,
    ),
  ).toBeInTheDocument();
  expect(history).toHaveTextContent('Cask transferred');
  expect(history).not.toHaveTextContent(fiona);
});
