import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import {
  aCask,
  aCustomer,
  ada,
  anOffer,
  anOrder,
  aNotification,
  aReferral,
  createFakeApi,
} from '@/testing/fake-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// DESIGN.md §8 (decision 220): a Viewer reads every screen, and no control that would change
// something is offered. Each screen: a text that proves its rows are there, and the controls an
// Admin sees on it.
const screens: { route: string; loaded: string; changes: RegExp[] }[] = [
  { route: '/', loaded: 'Recent Customer', changes: [/^Edit$/, /^Delete$/] },
  { route: '/user', loaded: 'Recent Customer', changes: [/^Edit$/, /^Delete$/, /^Adjust Points$/] },
  { route: '/offers', loaded: 'Viewer Offer', changes: [/Add Offer/, /^Edit$/, /^Delete$/] },
  { route: '/cask', loaded: 'Viewer Cask', changes: [/Add Cask/, /^Edit$/, /^Delete$/] },
  { route: '/orders', loaded: 'Order List', changes: [/^Edit$/, /^Delete$/] },
  { route: '/referrals', loaded: 'Referrals List', changes: [/^Edit$/] },
  {
    route: '/notifications',
    loaded: 'Unread One',
    changes: [/Create Notification/, /Mark All as Read/],
  },
];

function fakeApi() {
  return createFakeApi({
    customers: [aCustomer({ fullName: 'Recent Customer' })],
    offers: [anOffer({ title: 'Viewer Offer' })],
    casks: [aCask({ name: 'Viewer Cask' })],
    orders: [anOrder()],
    referrals: [aReferral()],
    notifications: [
      aNotification({ title: 'Unread One', isRead: false }),
      aNotification({ title: 'Unread Two', isRead: false }),
    ],
  });
}

test.each(screens)(
  'an Admin is offered the changes on $route',
  async ({ route, loaded, changes }) => {
    await renderApp({ route, api: fakeApi(), profile: ada });
    await screen.findAllByText(loaded);
    for (const name of changes) {
      expect(screen.getAllByRole('button', { name }).length, String(name)).toBeGreaterThan(0);
    }
  },
);

test.each(screens)(
  'a Viewer reads $route with no control that changes something',
  async ({ route, loaded, changes }) => {
    const viewer = { ...ada, role: 'viewer' };
    await renderApp({ route, api: createFakeApiAs(viewer), profile: viewer });
    await screen.findAllByText(loaded);
    for (const name of changes) {
      expect(screen.queryAllByRole('button', { name }), String(name)).toEqual([]);
    }
  },
);

function createFakeApiAs(profile: typeof ada) {
  const api = fakeApi();
  api.state.profile = profile;
  return api;
}

test('a Viewer opens a notification without marking it read (that is a change)', async () => {
  const viewer = { ...ada, role: 'viewer' };
  const api = createFakeApiAs(viewer);
  const { user } = await renderApp({ route: '/notifications', api, profile: viewer });
  await user.click(await screen.findByText('Unread One'));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  expect(api.state.requests.filter((request) => request.method !== 'GET')).toEqual([]);
});
