import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { CUSTOMER_EMAIL_TAKEN } from '@cask/contracts/customer-details';
import { ada, aCustomer, seedApi, type TestApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

// Issue 41 item 12: a customer's e-mail typo is fixed from their page's 'Edit details'.
afterEach(() => {
  toast.remove();
});

const morag = () =>
  aCustomer({
    fullName: 'Morag Campbell',
    email: 'morag@gmial.com',
    phone: '+447700900001',
    version: '4',
  });

async function openDetails(api: TestApi, id: string) {
  const rendered = await renderApp({ route: `/user/${id}` });
  await screen.findByRole('heading', { name: 'Morag Campbell', level: 1 });
  await rendered.user.click(screen.getByRole('button', { name: 'Edit details' }));
  // The dialog's code loads on first use: give it time on a busy machine.
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Edit details - Morag Campbell' },
    { timeout: 5000 },
  );
  return { ...rendered, dialog };
}

test('Edit details saves the name, the e-mail and the phone with If-Match, and the page shows them', async () => {
  const customer = morag();
  const api = seedApi({ customers: [customer] });
  const { user, dialog } = await openDetails(api, customer.id);

  const email = within(dialog).getByRole('textbox', { name: 'Email' });
  expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Morag Campbell');
  expect(email).toHaveValue('morag@gmial.com');
  expect(within(dialog).getByRole('textbox', { name: /Phone/ })).toHaveValue('+447700900001');
  await user.clear(email);
  await user.type(email, 'morag@gmail.com');
  await user.clear(within(dialog).getByRole('textbox', { name: /Phone/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  const [sent] = api.sent('PUT', `/api/users/${customer.id}/details`);
  expect(sent?.body).toEqual({
    fullName: 'Morag Campbell',
    email: 'morag@gmail.com',
    phone: null,
  });
  expect(sent?.headers.get('if-match')).toBe('"4"');
  expect(await screen.findByText('morag@gmail.com')).toBeVisible();
  expect(await screen.findByText('Details saved')).toBeInTheDocument();
});

test("another customer's e-mail is refused under Email, and a bad one before anything is sent", async () => {
  const customer = morag();
  const api = seedApi({
    customers: [customer, aCustomer({ fullName: 'Ewan Ross', email: 'ewan@example.com' })],
  });
  const { user, dialog } = await openDetails(api, customer.id);
  const email = within(dialog).getByRole('textbox', { name: 'Email' });

  await user.clear(email);
  await user.type(email, 'not-an-email');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText('Invalid Email')).toBeVisible();
  expect(api.sent('PUT', `/api/users/${customer.id}/details`)).toEqual([]);

  await user.clear(email);
  await user.type(email, 'EWAN@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText(CUSTOMER_EMAIL_TAKEN)).toBeVisible();
  expect(email).toHaveAccessibleDescription(CUSTOMER_EMAIL_TAKEN);
  expect(dialog).toBeInTheDocument();
  expect(customer.email).toBe('morag@gmial.com');
});

test('a save over a change made meanwhile says so and offers to reload', async () => {
  const customer = morag();
  const api = seedApi({ customers: [customer] });
  const { user, dialog } = await openDetails(api, customer.id);
  // Another admin saves the customer first.
  Object.assign(customer, { phone: '+447700900002', version: '5' });

  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText(RECORD_CHANGED_ELSEWHERE)).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('textbox', { name: /Phone/ })).toHaveValue('+447700900002'),
  );
});

test('a Viewer is offered no Edit details', async () => {
  const customer = morag();
  const viewer = { ...ada, role: 'viewer' as const };
  const api = seedApi({ customers: [customer] });
  api.state.profile = viewer;
  await renderApp({ route: `/user/${customer.id}`, profile: viewer });
  await screen.findByRole('heading', { name: 'Morag Campbell', level: 1 });
  expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
});
