import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { ada, aNotification, seedApi, manyNotifications } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { findBell, list, notificationItem } from '@/testing/queries.ts';

// Issue 31: the Notifications screen's bulk 'Mark as read'. The screen is a list, not a table: each
// item has its checkbox beside it ('Select {title}'), the list one for the page, and the same bar,
// confirmation and Undo as the tables. The Undo takes back only the reads the change added.
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('chosen items are marked read after a confirmation naming the count; Undo unreads only those it read', async () => {
  const api = seedApi({
    notifications: [
      aNotification({ title: 'Cask regauged' }),
      aNotification({ title: 'Tier reached', isRead: true }),
      aNotification({ title: 'Payment received' }),
      aNotification({ title: 'Bottling run' }),
    ],
  });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  expect(await screen.findByRole('heading', { name: 'Notifications (3 unread)' })).toBeVisible();
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

  // Each item's checkbox is beside its button, named by its title.
  const box = screen.getByRole('checkbox', { name: 'Select Cask regauged' });
  expect(notificationItem('Cask regauged')).not.toContainElement(box);
  await user.click(box);
  expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty(
    'indeterminate',
    true,
  );
  await user.click(screen.getByRole('checkbox', { name: 'Select Tier reached' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Payment received' }));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(bar).toHaveTextContent('3 notifications selected');

  await user.click(within(bar).getByRole('button', { name: 'Mark as read' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Mark as read' });
  expect(dialog).toHaveTextContent('Mark 3 notifications as read?');
  await user.click(within(dialog).getByRole('button', { name: 'Mark 3 notifications as read' }));

  const done = await screen.findByText('3 notifications marked as read.');
  expect(await screen.findByRole('heading', { name: 'Notifications (1 unread)' })).toBeVisible();
  expect(await findBell(1)).toBeInTheDocument();
  expect(notificationItem('Cask regauged')).not.toHaveTextContent('Unread');
  expect(notificationItem('Payment received')).not.toHaveTextContent('Unread');
  expect(notificationItem('Bottling run')).toHaveTextContent('Unread');
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  expect(api.sent('POST', '/api/notifications/bulk/read')[0]?.body).toEqual({
    changes: [
      { id: api.state.notifications[0]!.id, isRead: true },
      { id: api.state.notifications[1]!.id, isRead: true },
      { id: api.state.notifications[2]!.id, isRead: true },
    ],
  });

  // 'Tier reached' was read before: the Undo leaves it read.
  await user.click(within(done.parentElement!).getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: 3 notifications as they were.')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Notifications (3 unread)' })).toBeVisible();
  expect(await findBell(3)).toBeInTheDocument();
  expect(api.sent('POST', '/api/notifications/bulk/read').at(-1)?.body).toEqual({
    // The undo names the change it undoes: one bulk change in the audit log (decision 311).
    bulkId: expect.any(String),
    changes: [
      { id: api.state.notifications[0]!.id, isRead: false },
      { id: api.state.notifications[1]!.id, isRead: true },
      { id: api.state.notifications[2]!.id, isRead: false },
    ],
  });
  expect(api.state.notifications.map((n) => n.isRead)).toEqual([false, true, false, false]);
  await waitFor(() => expect(notificationItem('Cask regauged')).toHaveTextContent('Unread'));
  expect(notificationItem('Tier reached')).not.toHaveTextContent('Unread');
}, 40_000);

test('the page checkbox chooses every item loaded, and again none', async () => {
  seedApi({ notifications: manyNotifications(25) });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await within(await screen.findByRole('list', { name: 'Notifications' })).findByText('Notice 25');
  await user.click(screen.getByRole('button', { name: 'Load More' }));
  await within(list('Notifications')).findByText('Notice 1');
  const page = screen.getByRole('checkbox', { name: 'Select all on this page' });
  await user.click(page);
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent(
    '25 notifications selected',
  );
  expect(screen.getByRole('checkbox', { name: 'Select Notice 1' })).toBeChecked();
  await user.click(page);
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
}, 40_000);

test('when a notification cannot be marked, none is, and the dialog names it', async () => {
  const api = seedApi({
    notifications: [aNotification({ title: 'Cask regauged' }), aNotification({ title: 'Gone' })],
  });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await within(await screen.findByRole('list', { name: 'Notifications' })).findByText('Gone');
  await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  api.state.notifications = api.state.notifications.filter((n) => n.title !== 'Gone');
  await user.click(screen.getByRole('button', { name: 'Mark as read' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Mark as read' });
  await user.click(within(dialog).getByRole('button', { name: 'Mark 2 notifications as read' }));
  expect(
    await within(dialog).findByText(
      'Nothing was changed: 1 of the 2 rows could not be changed. Gone: Notification not found.',
    ),
  ).toBeVisible();
  expect(api.state.notifications[0]?.isRead).toBe(false);
}, 40_000);

test('a Viewer is offered no checkboxes (marking read is a change)', async () => {
  const viewer = { ...ada, role: 'viewer' as const };
  const api = seedApi({ notifications: [aNotification({ title: 'Cask regauged' })] });
  api.state.profile = viewer;
  await renderApp({ route: '/notifications', profile: viewer });
  await within(await screen.findByRole('list', { name: 'Notifications' })).findByText(
    'Cask regauged',
  );
  expect(screen.queryAllByRole('checkbox')).toEqual([]);
});
