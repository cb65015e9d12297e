// On jsdom, not the suite's happy-dom (vite.config.ts, docs/decisions/393): happy-dom names the
// sort buttons 'Title , not sorted', with a space no browser puts there.
import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import {
  aNotification,
  seedApi,
  manyNotifications,
  server,
  http,
  apiError,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { dialogRequest } from '@/lib/requested-dialog.ts';
import { notificationItems, pageTitle } from '@/testing/queries.ts';

afterEach(() => {
  // react-hot-toast keeps its toasts in a module-level store, across tests.
  toast.remove();
  vi.unstubAllGlobals();
});

test('the title counts the unread notifications and each item shows its parts', async () => {
  seedApi({
    notifications: [
      aNotification({ title: 'Cask regauged', message: 'New litres.', category: 'investment' }),
      aNotification({ title: 'Tier reached', category: 'rewards' }),
      aNotification({ title: 'Old news', isRead: true, category: 'general' }),
    ],
  });
  await renderApp({ route: '/notifications', unreadCount: null });

  expect(await screen.findByRole('heading', { name: 'Notifications (2 unread)' })).toBeVisible();
  const [first, , third] = notificationItems();
  expect(first).toHaveTextContent('I');
  expect(first).toHaveTextContent('Cask regauged');
  expect(first).toHaveTextContent('New litres.');
  expect(first).toHaveTextContent('5 minutes ago');
  expect(first).toHaveTextContent('Unread');
  expect(third).not.toHaveTextContent('Unread');
});

test('Mark All as Read shows only when more than one is unread', async () => {
  seedApi({
    notifications: [aNotification(), aNotification({ isRead: true })],
  });
  await renderApp({ route: '/notifications', unreadCount: null });
  expect(await screen.findByRole('heading', { name: 'Notifications (1 unread)' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Mark All as Read' })).not.toBeInTheDocument();
});

test('Mark All as Read brings the count to 0 and dims every item', async () => {
  const api = seedApi({ notifications: manyNotifications(3) });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await user.click(await screen.findByRole('button', { name: 'Mark All as Read' }));

  expect(await screen.findByRole('heading', { name: 'Notifications (0 unread)' })).toBeVisible();
  expect(api.sent('PUT', '/api/notifications/mark-all-read')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Mark All as Read' })).not.toBeInTheDocument();
  expect(notificationItems().every((item) => !item.textContent?.includes('Unread'))).toBe(true);
  expect(await screen.findByRole('link', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
});

test('clicking an item marks it read (the count drops by 1) and opens its details', async () => {
  const target = aNotification({
    title: 'Payment received',
    message: 'Thank you for your payment.',
    type: 'payment',
    priority: 'low',
    category: 'account',
  });
  const api = seedApi({ notifications: [aNotification(), target] });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await screen.findByRole('heading', { name: 'Notifications (2 unread)' });

  await user.click(screen.getByRole('button', { name: /Payment received/ }));

  const dialog = await screen.findByRole('dialog', { name: 'Notification Details' });
  expect(within(dialog).getByRole('heading', { name: 'Payment received' })).toBeVisible();
  expect(within(dialog).getByText('Thank you for your payment.')).toBeVisible();
  expect(
    within(dialog).getByText('Priority: Low | Type: Payment | Category: Account'),
  ).toBeVisible();
  expect(within(dialog).getByText(/\d{4}, \d{1,2}:\d{2}/)).toBeVisible();
  // The page behind the open dialog is hidden from assistive technology, hence `hidden`.
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 1, hidden: true })).toHaveTextContent(
      'Notifications (1 unread)',
    ),
  );
  expect(api.sent('PUT', `/api/notifications/${target.id}/read`)).toHaveLength(1);
});

test('an item opens from the keyboard, and a read one is not marked again', async () => {
  const api = seedApi({ notifications: [aNotification({ title: 'Seen', isRead: true })] });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await screen.findByRole('heading', { name: 'Notifications (0 unread)' });

  // The shell (sidebar, header) comes first in the tab order; the screen starts at its button.
  screen.getByRole('button', { name: /Create Notification/ }).focus();
  // Issue 31: the page's checkbox and the sort buttons, then the item's checkbox and the item.
  for (const next of [
    screen.getByRole('checkbox', { name: 'Select all on this page' }),
    screen.getByRole('button', { name: /^Title/ }),
    screen.getByRole('button', { name: /^Date/ }),
    screen.getByRole('checkbox', { name: 'Select Seen' }),
    screen.getByRole('button', { name: /Seen/ }),
  ]) {
    await user.tab();
    expect(next).toHaveFocus();
  }
  await user.keyboard('{Enter}');

  expect(await screen.findByRole('dialog', { name: 'Notification Details' })).toBeVisible();
  expect(api.state.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('Load More appends the next page of 20 until none is left', async () => {
  const api = seedApi({ notifications: manyNotifications(25) });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await screen.findByRole('heading', { name: 'Notifications (25 unread)' });
  expect(notificationItems()).toHaveLength(20);
  expect(api.sent('GET', '/api/notifications').at(-1)?.query).toEqual({ page: '1', limit: '20' });

  await user.click(screen.getByRole('button', { name: 'Load More' }));

  await waitFor(() => expect(notificationItems()).toHaveLength(25));
  expect(notificationItems()[0]).toHaveTextContent('Notice 25');
  expect(notificationItems()[24]).toHaveTextContent('Notice 1');
  expect(api.sent('GET', '/api/notifications').at(-1)?.query).toEqual({ page: '2', limit: '20' });
  expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
});

test('an empty list says so', async () => {
  seedApi();
  await renderApp({ route: '/notifications', unreadCount: null });
  expect(await screen.findByText('No notifications available.')).toBeVisible();
  expect(pageTitle()).toHaveTextContent('Notifications (0 unread)');
});

test('a failed load shows the error toast and a panel to retry', async () => {
  seedApi({ notifications: [aNotification({ title: 'Back again' })] });
  server.use(http.get('/api/notifications', () => apiError(500)));
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });

  expect(
    await screen.findByText('Failed to fetch notifications. Please try again.'),
  ).toBeInTheDocument();
  const panel = screen.getByRole('alert');
  expect(panel).toHaveTextContent('Error Loading Notifications');

  server.resetHandlers();
  await user.click(within(panel).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: /Back again/ })).toBeVisible();
});

test('failures to mark read, mark all or load more are told in toasts', async () => {
  seedApi({ notifications: manyNotifications(21) });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await screen.findByRole('heading', { name: 'Notifications (21 unread)' });
  server.use(http.put('/api/notifications/:id/read', () => apiError(500)));
  server.use(http.put('/api/notifications/mark-all-read', () => apiError(500)));
  server.use(
    http.get('/api/notifications', ({ request }) =>
      Number(new URL(request.url).searchParams.get('page') ?? 1) > 1 ? apiError(500) : undefined,
    ),
  );

  await user.click(notificationItems()[0]!);
  expect(await screen.findByText('Failed to mark notification as read.')).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(screen.getByRole('button', { name: 'Mark All as Read' }));
  expect(await screen.findByText('Failed to mark all notifications as read.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Load More' }));
  expect(await screen.findByText('Failed to load more notifications.')).toBeInTheDocument();
  // What was loaded stays, and so does the count.
  expect(notificationItems()).toHaveLength(20);
  expect(pageTitle()).toHaveTextContent('Notifications (21 unread)');
});

test('the list sorts by title both ways and by date, kept in the URL (issue 31)', async () => {
  const api = seedApi({
    notifications: [
      aNotification({ title: 'Bottling day' }),
      aNotification({ title: 'Cask regauged' }),
      aNotification({ title: 'Auction results' }),
    ],
  });
  const { user, router } = await renderApp({ route: '/notifications' });
  const titles = () =>
    notificationItems().map((item) => item.querySelector('span span span')?.textContent);
  await screen.findByRole('list', { name: 'Notifications' });
  const sortBar = () => screen.getByRole('group', { name: 'Sort notifications' });
  expect(within(sortBar()).getByRole('button', { name: 'Title, not sorted' })).toBeInTheDocument();

  await user.click(within(sortBar()).getByRole('button', { name: /^Title/ }));
  await waitFor(() =>
    expect(titles()).toEqual(['Auction results', 'Bottling day', 'Cask regauged']),
  );
  expect(router.state.location.search).toBe('?sort=title');
  expect(api.sent('GET', '/api/notifications').at(-1)?.query).toMatchObject({ sort: 'title' });
  expect(within(sortBar()).getByRole('button', { name: 'Title, sorted ascending' })).toBeVisible();

  await user.click(within(sortBar()).getByRole('button', { name: /^Title/ }));
  await waitFor(() =>
    expect(titles()).toEqual(['Cask regauged', 'Bottling day', 'Auction results']),
  );
  expect(within(sortBar()).getByRole('button', { name: 'Title, sorted descending' })).toBeVisible();

  await user.click(within(sortBar()).getByRole('button', { name: /^Date/ }));
  await waitFor(() => expect(router.state.location.search).toBe('?sort=createdAt'));
  expect(api.sent('GET', '/api/notifications').at(-1)?.query).toMatchObject({
    sort: 'createdAt',
  });
  expect(within(sortBar()).getByRole('button', { name: 'Date, sorted ascending' })).toBeVisible();
});

test("the palette's request opens the dialog once: the history entry forgets it (no reopening on reload)", async () => {
  seedApi();
  const { router } = await renderApp({
    route: '/notifications',
    state: dialogRequest('create-notification'),
  });
  expect(await screen.findByRole('dialog', { name: 'Create Notification' })).toBeVisible();
  // A reload reads the entry's state again: it no longer asks for the dialog.
  await waitFor(() => expect(router.state.location.state).toBeNull());
  expect(router.state.location.pathname).toBe('/notifications');
  expect(screen.getByRole('dialog', { name: 'Create Notification' })).toBeVisible();
});
