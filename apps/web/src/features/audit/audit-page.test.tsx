import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { anAuditEntry, aCustomer, createFakeApi, ada } from '@/testing/fake-api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { detailValue } from '@/testing/details.ts';

afterEach(() => vi.unstubAllGlobals());

const table = () => screen.getByRole('table', { name: 'Audit Log' });
const otto = {
  id: '9e2b7c1a-3d4f-4a5b-8c6d-7e8f9a0b1c2d',
  fullName: 'Otto Other',
  email: 'o@x.io',
};

function auditApi() {
  return createFakeApi({
    auditAdmins: [{ id: ada.id, fullName: ada.fullName, email: ada.email }, otto],
    audit: [
      anAuditEntry({ recordName: 'Isla Grant', time: '2026-03-05T10:00:00.000Z' }),
      anAuditEntry({
        action: 'cask.updated',
        entity: 'cask',
        recordType: 'cask',
        recordName: 'Springbank 2012',
        adminId: otto.id,
        admin: otto,
        before: { status: 'Maturing', notes: 'Sample taken' },
        after: { status: 'Ready', notes: 'Sample taken' },
        time: '2026-03-04T10:00:00.000Z',
      }),
      anAuditEntry({
        action: 'auth.sign_in_failed',
        entity: 'admin',
        recordType: 'admin',
        recordName: null,
        adminId: null,
        admin: null,
        recordId: null,
        before: null,
        after: { email: 'who@x.io', reason: 'unknown_email', password: 'leaked?' },
        time: '2026-03-01T10:00:00.000Z',
      }),
    ],
  });
}

test("the sidebar's 'Audit Log' follows 'Notifications' and opens the screen", async () => {
  const { user } = await renderApp({ route: '/', api: auditApi() });
  const sidebar = screen.getAllByRole('navigation')[0]!;
  const names = within(sidebar)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim());
  expect(names.indexOf('Audit Log')).toBe(names.indexOf('Notifications') + 1);
  await user.click(within(sidebar).getByRole('link', { name: 'Audit Log' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
});

test('the table lists Time, Admin, Action, Record and Address, newest first', async () => {
  await renderApp({ route: '/audit', api: auditApi() });
  await within(table()).findByText('Customer: Isla Grant');
  const headers = within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual(['Time', 'Admin', 'Action', 'Record', 'Address']);
  const rows = within(table()).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('Customer updated');
  expect(rows[1]).toHaveTextContent('Otto Other');
  expect(rows[2]).toHaveTextContent('Nobody signed in');
  expect(rows[2]).toHaveTextContent('Sign-in failed');
});

test('the filters are read from and written to the URL, and combine', async () => {
  const api = auditApi();
  const { user, router } = await renderApp({ route: '/audit?type=cask', api });
  await within(table()).findByText('Cask: Springbank 2012');
  expect(within(table()).queryByText('Customer: Isla Grant')).not.toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Record type' })).toHaveValue('cask');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Customer updated');
  await waitFor(() => expect(router.state.location.search).toBe('?action=user.updated&type=cask'));
  expect(await within(table()).findByText('No entries found.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search by record id or name' }), 'isla');
  await waitFor(() => expect(router.state.location.search).toBe('?search=isla'));
  await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));

  await user.click(screen.getByRole('combobox', { name: 'Admin' }));
  await user.click(await screen.findByRole('option', { name: /Otto Other/ }));
  await waitFor(() => expect(router.state.location.search).toBe(`?search=isla&admin=${otto.id}`));
  const last = api.sent('GET', '/api/audit').at(-1)!;
  expect(last.query).toMatchObject({ search: 'isla', admin: otto.id });
});

test("a row opens 'Audit Entry' with who, when, where, the record and the change, no secret", async () => {
  const { user } = await renderApp({ route: '/audit', api: auditApi() });
  await within(table()).findByText('Cask: Springbank 2012');
  const rows = within(table()).getAllByRole('row').slice(1);
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
  const status = within(change).getByRole('row', { name: /status/ });
  expect(status).toHaveTextContent('Maturing');
  expect(status).toHaveTextContent('Ready');
  expect(status).toHaveTextContent('Changed');
  expect(within(change).getByRole('row', { name: /notes/ })).not.toHaveTextContent('Changed');

  await user.keyboard('{Escape}');
  await user.click(within(rows[2]!).getByRole('button'));
  const failed = await screen.findByRole('dialog', { name: 'Audit Entry' });
  expect(failed).not.toHaveTextContent('leaked?');
  expect(within(failed).getByRole('row', { name: /password/ })).toHaveTextContent('[hidden]');
});

test("an edit dialog's History lists the record's changes from the audit log", async () => {
  const isla = aCustomer({ fullName: 'Isla Grant' });
  const api = auditApi();
  api.state.customers.push(isla);
  api.state.audit.unshift(
    anAuditEntry({ recordId: isla.id, before: { isActive: true }, after: { isActive: false } }),
  );
  const { user } = await renderApp({ route: '/user', api });
  const row = await screen.findByRole('row', { name: /Isla Grant/ });
  await user.click(within(row).getByRole('button', { name: /Edit/ }));
  const dialog = await screen.findByRole('dialog');
  const history = await within(dialog).findByRole('region', { name: 'History' });
  expect(await within(history).findByText('isActive: true → false')).toBeInTheDocument();
  expect(history).toHaveTextContent('Ada Lovelace');
  expect(api.sent('GET', '/api/audit').at(-1)!.query).toMatchObject({
    recordType: 'customer',
    recordId: isla.id,
  });
});
