import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { AdminAccount } from '@cask/contracts/admins';
import type { AdminProfile } from '@cask/contracts/auth';
import {
  aCask,
  aCustomer,
  ada,
  anOffer,
  anOrder,
  aNotification,
  aReferral,
  seedApi,
  olive,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const customer = aCustomer({ fullName: 'Recent Customer' });
const cask = aCask({
  name: 'Viewer Cask',
  owner: { id: customer.id, fullName: customer.fullName, email: customer.email },
});
const otherAdmin: AdminAccount = {
  id: '2d9f4b8e-6c1a-4e3b-8f7d-5a4c3b2e1f10',
  fullName: 'Other Admin',
  email: 'other@example.com',
  role: 'admin',
  status: 'active',
  twoFactorEnabled: false,
  lastSignedInAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const viewer: AdminProfile = { ...ada, role: 'viewer' };

/**
 * What a control that changes something is named like, on every screen: the lists' 'Edit' and
 * 'Delete', '+ Add Cask', 'Adjust Points', 'Transfer Ownership', 'Record Regauge', 'Set status',
 * 'Mark All as Read', 'Invite Admin', 'Change role of …'. Reading controls (Refresh, the pages,
 * Export CSV, the sort buttons, Back, Search) never start with these words.
 */
const WRITE =
  /^(\+ )?(Add|Adjust|Change|Create|Delete|Disable|Edit|Enable|Invite|Mark|Record|Resend|Reset|Restore|Save|Send|Set|Transfer|Update|Withdraw)\b/;

// docs/architecture.md#roles (decisions 220 and 325): a Viewer reads every screen, and no control
// that would change something is offered, bulk bars, row checkboxes and Action columns included. Each screen: a
// text that proves it has loaded, and who is offered its changes (an Owner alone manages the
// admins).
const screens: { route: string; loaded: string; changer: AdminProfile }[] = [
  { route: '/', loaded: 'Recent Customer', changer: ada },
  { route: '/user', loaded: 'Recent Customer', changer: ada },
  { route: `/user/${customer.id}`, loaded: 'Points balance', changer: ada },
  { route: '/cask', loaded: 'Viewer Cask', changer: ada },
  { route: `/cask/${cask.id}`, loaded: 'Provenance', changer: ada },
  { route: '/offers', loaded: 'Viewer Offer', changer: ada },
  { route: '/orders', loaded: 'Viewer Order', changer: ada },
  { route: '/referrals', loaded: 'Viewer Referrer', changer: ada },
  { route: '/notifications', loaded: 'Unread One', changer: ada },
  { route: '/setting/privacy', loaded: 'Privacy Policy', changer: ada },
  { route: '/setting/admins', loaded: 'Other Admin', changer: olive },
];

function fakeApiAs(profile: AdminProfile) {
  const api = seedApi({
    customers: [customer],
    offers: [anOffer({ title: 'Viewer Offer' })],
    casks: [cask],
    orders: [anOrder({ title: 'Viewer Order' })],
    referrals: [
      aReferral({
        referrer: { id: customer.id, fullName: 'Viewer Referrer', email: customer.email },
      }),
    ],
    notifications: [
      aNotification({ title: 'Unread One', isRead: false }),
      aNotification({ title: 'Unread Two', isRead: false }),
    ],
    admins: [otherAdmin],
  });
  api.state.profile = profile;
  return api;
}

async function open(route: string, loaded: string, profile: AdminProfile) {
  fakeApiAs(profile);
  await renderApp({ route, profile });
  await screen.findAllByText(loaded, {}, { timeout: 5000 });
  // The lazy rows and sections settle: every call answered.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const writes = screen
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '')
    .filter((name) => WRITE.test(name));
  // A column of changes ('Action', 'Actions') is left out, not shown empty.
  const actionColumns = screen
    .queryAllByRole('columnheader')
    .map((header) => header.textContent?.trim() ?? '')
    .filter((name) => /^Actions?$/.test(name));
  return { writes, checkboxes: screen.queryAllByRole('checkbox'), actionColumns };
}

test.each(screens)(
  'the one who may change $route is offered its changes',
  async ({ route, loaded, changer }) => {
    const { writes } = await open(route, loaded, changer);
    expect(writes.length, route).toBeGreaterThan(0);
  },
);

test.each(screens)(
  'a Viewer reads $route with no control that changes something',
  async ({ route, loaded }) => {
    const { writes, checkboxes, actionColumns } = await open(route, loaded, viewer);
    expect(writes, route).toEqual([]);
    expect(checkboxes, route).toEqual([]);
    expect(actionColumns, route).toEqual([]);
  },
);

test('a Viewer opens a notification without marking it read (that is a change)', async () => {
  const api = fakeApiAs(viewer);
  const { user } = await renderApp({ route: '/notifications', profile: viewer });
  await user.click(await screen.findByText('Unread One'));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  expect(api.state.requests.filter((request) => request.method !== 'GET')).toEqual([]);
});
