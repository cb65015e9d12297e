import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '@/lib/customer-search.ts';
import {
  aCustomer,
  aNotification,
  seedApi,
  server,
  http,
  apiError,
  heldAnswer,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { typeBeforeThePause } from '@/testing/clock.ts';

afterEach(() => {
  // react-hot-toast keeps its toasts in a module-level store, across tests.
  toast.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fiona = aCustomer({ fullName: 'Fiona Firkin', email: 'fiona@example.com' });
const hamish = aCustomer({ fullName: 'Hamish Hogshead', email: 'hamish@example.com' });

async function openCreateModal() {
  const view = await renderApp({ route: '/notifications', unreadCount: null });
  await screen.findByRole('heading', { name: /^Notifications \(/ });
  await view.user.click(screen.getByRole('button', { name: '+ Create Notification' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });
  return { ...view, dialog };
}

test('the form has the spec’s fields, the seven types, and the recipient placeholder', async () => {
  seedApi();
  const { dialog } = await openCreateModal();
  for (const label of ['Title', 'Message', 'Type', 'Priority', 'Category', 'Admin Notes']) {
    expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
  }
  expect(within(dialog).getByRole('checkbox', { name: 'Is Global' })).not.toBeChecked();
  const types = within(within(dialog).getByLabelText('Type')).getAllByRole('option');
  expect(types.map((option) => option.getAttribute('value'))).toEqual([
    'system',
    'tier',
    'referral',
    'payment',
    'cask',
    'offer',
    'purchase',
  ]);
  expect(within(dialog).getByRole('combobox', { name: 'Recipient' })).toHaveAttribute(
    'placeholder',
    '-- Select a user --',
  );
  expect(within(dialog).getByRole('button', { name: 'Create Notification' })).toBeEnabled();
});

test('submitting empty shows the three required messages and sends nothing', async () => {
  const api = seedApi();
  const { user, dialog } = await openCreateModal();
  await user.click(within(dialog).getByRole('button', { name: 'Create Notification' }));

  expect(await within(dialog).findByText('Title is required')).toBeVisible();
  expect(within(dialog).getByText('Message is required')).toBeVisible();
  expect(within(dialog).getByText('Recipient user ID is required')).toBeVisible();
  expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  expect(api.sent('POST', '/api/notifications')).toHaveLength(0);
});

test('Is Global hides the recipient and sends a global notification', async () => {
  const api = seedApi({ notifications: [aNotification({ title: 'Older' })] });
  const { user, dialog } = await openCreateModal();
  await user.click(within(dialog).getByRole('checkbox', { name: 'Is Global' }));
  expect(within(dialog).queryByRole('combobox', { name: 'Recipient' })).not.toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('Title'), 'Warehouse open day');
  await user.type(within(dialog).getByLabelText('Message'), 'Visit your casks on Saturday.');
  await user.selectOptions(within(dialog).getByLabelText('Type'), 'offer');
  await user.selectOptions(within(dialog).getByLabelText('Priority'), 'high');
  await user.selectOptions(within(dialog).getByLabelText('Category'), 'marketing');
  await user.type(within(dialog).getByLabelText('Admin Notes'), 'Agreed with the board');
  await user.click(within(dialog).getByRole('button', { name: 'Create Notification' }));

  expect(await screen.findByText('Notification created successfully!')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.sent('POST', '/api/notifications')[0]?.body).toEqual({
    title: 'Warehouse open day',
    message: 'Visit your casks on Saturday.',
    type: 'offer',
    priority: 'high',
    category: 'marketing',
    adminNotes: 'Agreed with the board',
    isGlobal: true,
    recipient: null,
  });
  // The new one is on top of the list and counted.
  expect(await screen.findByRole('heading', { name: 'Notifications (2 unread)' })).toBeVisible();
  const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('button');
  expect(items[0]).toHaveTextContent('Warehouse open day');
});

test('the recipient is searched by name after a 250 ms pause and chosen by keyboard', async () => {
  const api = seedApi({ customers: [fiona, hamish] });
  const { user, dialog } = await openCreateModal();
  const recipient = within(dialog).getByRole('combobox', { name: 'Recipient' });

  // On a fake clock: a real one would send 'f' and 'fi' mid-word on a busy machine.
  await user.click(recipient);
  const pause = typeBeforeThePause(recipient, 'fio', CUSTOMER_SEARCH_DEBOUNCE_MS);
  const searches = () =>
    api
      .sent('GET', '/api/users')
      .map((request) => request.query.search)
      .filter(Boolean);
  expect(searches()).toEqual([]);
  pause();
  expect(recipient).toHaveAttribute('aria-expanded', 'true');
  const listbox = within(dialog).getByRole('listbox', { name: 'Recipient' });
  // The search's answer: Fiona alone.
  await waitFor(() =>
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/Fiona Firkin/)]),
  );
  const option = within(listbox).getByRole('option', { name: /Fiona Firkin/ });
  // Typing three letters sent one search for the whole word, not one per letter.
  expect(searches()).toEqual(['fio']);

  await user.keyboard('{ArrowDown}');
  expect(option).toHaveAttribute('aria-selected', 'true');
  expect(recipient).toHaveAttribute('aria-activedescendant', option.id);
  await user.keyboard('{Enter}');
  expect(recipient).toHaveValue('Fiona Firkin (fiona@example.com)');
  expect(recipient).toHaveAttribute('aria-expanded', 'false');

  await user.type(within(dialog).getByLabelText('Title'), 'Your cask was regauged');
  await user.type(within(dialog).getByLabelText('Message'), 'See your statement.');
  await user.click(within(dialog).getByRole('button', { name: 'Create Notification' }));

  expect(await screen.findByText('Notification created successfully!')).toBeInTheDocument();
  expect(api.sent('POST', '/api/notifications')[0]?.body).toMatchObject({
    isGlobal: false,
    recipient: fiona.id,
    type: 'system',
    priority: 'medium',
    category: 'general',
    adminNotes: null,
  });
});

test('Escape closes the recipient list but keeps the form open', async () => {
  seedApi({ customers: [fiona, hamish] });
  const { user, dialog } = await openCreateModal();
  const recipient = within(dialog).getByRole('combobox', { name: 'Recipient' });
  await user.click(recipient);
  expect(await within(dialog).findByRole('option', { name: /Hamish Hogshead/ })).toBeVisible();

  await user.keyboard('{Escape}');
  expect(recipient).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('dialog', { name: 'Create Notification' })).toBeInTheDocument();

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a failed create says so and keeps what was typed', async () => {
  seedApi();
  server.use(http.post('/api/notifications', () => apiError(500)));
  const { user, dialog } = await openCreateModal();
  await user.click(within(dialog).getByRole('checkbox', { name: 'Is Global' }));
  await user.type(within(dialog).getByLabelText('Title'), 'Warehouse open day');
  await user.type(within(dialog).getByLabelText('Message'), 'Saturday.');
  await user.click(within(dialog).getByRole('button', { name: 'Create Notification' }));

  expect(
    await screen.findByText('Failed to create notification. Please try again.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Create Notification' })).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Title')).toHaveValue('Warehouse open day');
});

test('the submit button reads Creating... while the request runs', async () => {
  seedApi();
  const { user, dialog } = await openCreateModal();
  const answer = heldAnswer('post', '/api/notifications');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Is Global' }));
  await user.type(within(dialog).getByLabelText('Title'), 'T');
  await user.type(within(dialog).getByLabelText('Message'), 'M');
  await user.click(within(dialog).getByRole('button', { name: 'Create Notification' }));

  expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
  answer(Response.json({ success: false, message: 'Something went wrong' }, { status: 500 }));
  expect(await within(dialog).findByRole('button', { name: 'Create Notification' })).toBeEnabled();
});
