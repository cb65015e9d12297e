import { act, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { aNotification, seedApi, manyNotifications, type TestApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { setPageVisibility } from '@/testing/browser.ts';
import { banner } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setPageVisibility('visible');
});

/** The bell's own calls: the smallest list page, which carries the unread count. */
const bellPolls = (api: TestApi) =>
  api.sent('GET', '/api/notifications').filter((request) => request.query.limit === '1');

test('the bell links to /notifications and names the unread count', async () => {
  const api = seedApi({ notifications: manyNotifications(3) });
  await renderApp({ route: '/notifications', unreadCount: null });
  const bell = await within(banner()).findByRole('link', { name: 'Notifications, 3 unread' });
  expect(bell).toHaveAttribute('href', '/notifications');
  expect(bell).toHaveTextContent('3');
  expect(bellPolls(api)[0]?.query).toEqual({ page: '1', limit: '1' });
});

test('with nothing unread the bell shows no badge', async () => {
  seedApi({ notifications: [aNotification({ isRead: true })] });
  await renderApp({
    route: '/notifications',
    unreadCount: null,
  });
  const bell = await within(banner()).findByRole('link', { name: 'Notifications, 0 unread' });
  expect(bell).toHaveTextContent('');
});

test('the bell follows reads on the page without a reload', async () => {
  seedApi({ notifications: manyNotifications(2) });
  const { user } = await renderApp({ route: '/notifications', unreadCount: null });
  await within(banner()).findByRole('link', { name: 'Notifications, 2 unread' });
  await user.click(screen.getByRole('button', { name: /Notice 2/ }));
  await screen.findByRole('dialog', { name: 'Notification Details' });
  await user.keyboard('{Escape}');
  expect(
    await within(banner()).findByRole('link', { name: 'Notifications, 1 unread' }),
  ).toBeInTheDocument();
});

test('the bell polls every 30 s, and not while the tab is hidden', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = seedApi({ notifications: manyNotifications(1) });
  await renderApp({ route: '/notifications', unreadCount: null });
  await within(banner()).findByRole('link', { name: 'Notifications, 1 unread' });
  expect(bellPolls(api)).toHaveLength(1);

  // Someone else creates a notification; the next poll brings it in.
  api.state.notifications.unshift(aNotification());
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  expect(bellPolls(api)).toHaveLength(2);
  expect(
    await within(banner()).findByRole('link', { name: 'Notifications, 2 unread' }),
  ).toBeInTheDocument();

  setPageVisibility('hidden');
  await act(() => vi.advanceTimersByTimeAsync(90_000));
  expect(bellPolls(api)).toHaveLength(2);
});
