import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { CASK_NUMBER_INVALID, CASK_NUMBER_NEEDS_IDENTITY, type Cask } from '@cask/contracts/casks';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { aCask, aWarehouse, seedApi } from '@/testing/api.ts';
import { detailValue } from '@/testing/details.ts';
import { dialog } from '@/testing/queries.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { IDENTITY_SUCCESS } from './identity-modal.tsx';

afterEach(() => {
  toast.remove();
});

// Issue 44: 'Edit Identity' on the cask page (docs/screens/casks.md#edit-identity).

/** The cask page of a cask in Speyside Bond, its Edit Identity dialog open. */
async function openIdentity(overrides: Partial<Cask> = {}, others: Cask[] = []) {
  const bond = aWarehouse({ name: 'Speyside Bond', city: 'Dufftown' });
  const other = aWarehouse({ name: 'Islay Bond', city: 'Bowmore' });
  const cask = aCask({
    name: 'Glen Numbered',
    caskNumber: '101',
    fillDate: '2012-05-01',
    warehouse: { id: bond.id, name: bond.name },
    location: 'Rack 1, Bay 1',
    ...overrides,
  });
  const api = seedApi({ casks: [cask, ...others], warehouses: [other, bond] });
  const user = userEvent.setup();
  await renderApp({ route: `/cask/${cask.id}` });
  await user.click(await screen.findByRole('button', { name: 'Edit Identity' }));
  const form = await dialog('Edit Identity');
  return { cask, api, user, form, bond, other };
}

test("opens on the cask's identity, its warehouse chosen; saves the change with the version it opened, and the page shows it", async () => {
  const { cask, api, user, form, bond, other } = await openIdentity();
  const opened = cask.version;
  const number = await within(form).findByLabelText('Cask Number');
  expect(number).toHaveValue('101');
  expect(within(form).getByLabelText('Fill Date')).toHaveValue('2012-05-01');
  expect(within(form).getByLabelText('Warehouse')).toHaveValue(bond.id);
  expect(within(form).getByLabelText('Location')).toHaveValue('Rack 1, Bay 1');

  await user.clear(number);
  await user.type(number, 'RC-12/3');
  await user.selectOptions(within(form).getByLabelText('Warehouse'), 'Islay Bond (Bowmore)');
  await user.clear(within(form).getByLabelText('Location'));
  await user.type(within(form).getByLabelText('Location'), 'Rack 9, Bay 4');
  await user.click(within(form).getByRole('button', { name: 'Save' }));

  expect(await screen.findByText(IDENTITY_SUCCESS)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const [sent] = api.sent('PUT', `/api/casks/${cask.id}/identity`);
  expect(sent?.headers.get('if-match')).toBe(`"${opened}"`);
  expect(sent?.body).toEqual({
    caskNumber: 'RC-12/3',
    fillDate: '2012-05-01',
    warehouse: other.id,
    location: 'Rack 9, Bay 4',
  });
  await waitFor(() =>
    expect(detailValue(document.body, 'Cask Number')).toHaveTextContent('RC-12/3'),
  );
  expect(detailValue(document.body, 'Warehouse')).toHaveTextContent('Islay Bond');
  expect(detailValue(document.body, 'Location')).toHaveTextContent('Rack 9, Bay 4');
});

test('checks what the API checks before sending: a bad number, a number on a cask without a distillery', async () => {
  const { cask, api, user, form } = await openIdentity({ distillery: null, caskNumber: null });
  const number = await within(form).findByLabelText('Cask Number');
  await user.type(number, '12 B');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText(CASK_NUMBER_INVALID)).toBeVisible();
  await user.clear(number);
  await user.type(number, '12');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText(CASK_NUMBER_NEEDS_IDENTITY)).toBeVisible();
  expect(number).toHaveAccessibleDescription(expect.stringContaining(CASK_NUMBER_NEEDS_IDENTITY));
  expect(api.sent('PUT', `/api/casks/${cask.id}/identity`)).toEqual([]);
});

test("another cask's identity shows the API's 409 under Cask Number; a stale version offers Reload", async () => {
  const twin = aCask({ name: 'Twin', caskNumber: '202', year: 2012, distillery: 'Springbank' });
  const { cask, api, user, form } = await openIdentity({}, [twin]);
  const number = await within(form).findByLabelText('Cask Number');
  await user.clear(number);
  await user.type(number, '202');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(
    await within(form).findByText(
      'A cask with number 202 of Springbank filled in 2012 already exists',
    ),
  ).toBeVisible();

  api.state.casks[0]!.version = '9';
  await user.clear(number);
  await user.type(number, '303');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  const alert = await within(form).findByRole('alert');
  expect(alert).toHaveTextContent(RECORD_CHANGED_ELSEWHERE);
  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
  await user.clear(within(form).getByLabelText('Cask Number'));
  await user.type(within(form).getByLabelText('Cask Number'), '303');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(IDENTITY_SUCCESS)).toBeInTheDocument();
  expect(api.sent('PUT', `/api/casks/${cask.id}/identity`).at(-1)?.headers.get('if-match')).toBe(
    '"9"',
  );
});
