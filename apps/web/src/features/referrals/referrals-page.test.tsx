import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import {
  aCustomer,
  aReferral,
  manyReferrals,
  seedApi,
  server,
  http,
  apiError,
  holdRequests,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { detailValue } from '@/testing/details.ts';
import { card, combobox, pagination, row, searchBox, table } from '@/testing/queries.ts';
import { typeBeforeThePause } from '@/testing/clock.ts';
import { SEARCH_DEBOUNCE_MS } from './referrals-page.tsx';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

/** Clicks Edit in the row of `referee` once the list has arrived. */
async function clickEdit(user: { click: (element: Element) => Promise<void> }, referee: RegExp) {
  const list = await screen.findByRole('table', { name: 'Referrals List' });
  await user.click(
    within(await within(list).findByRole('row', { name: referee })).getByRole('button', {
      name: 'Edit',
    }),
  );
}

test('the screen shows the four cards, the list with its columns, badges and a count', async () => {
  const api = seedApi({
    referrals: [
      aReferral({
        referrer: { id: crypto.randomUUID(), fullName: 'Rhona Fraser', email: 'rhona@example.com' },
        referee: { id: crypto.randomUUID(), fullName: 'Angus Bell', email: 'angus@example.com' },
        referralCode: 'SPEY2025',
        status: 'completed',
        completedDate: '2025-03-04T12:00:00.000Z',
        rewardAmount: 125.5,
      }),
      aReferral({
        referrer: { id: crypto.randomUUID(), fullName: '', email: '' },
        referee: { id: crypto.randomUUID(), fullName: 'Isla Grant', email: 'isla@example.com' },
        rewardAmount: 1000,
      }),
    ],
  });
  await renderApp({ route: '/referrals' });

  expect(screen.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
  expect(await within(card('Total Referrals')).findByText('2')).toBeVisible();
  expect(within(card('Completed Referrals')).getByText('1')).toBeVisible();
  expect(within(card('Pending Referrals')).getByText('1')).toBeVisible();
  // docs/screens/referrals.md: Total Rewards in dollars (the completed referrals' rewards,
  // decision 157).
  expect(within(card('Total Rewards')).getByText('$125.50')).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Referrals List' })).toBeVisible();
  expect(
    within(table('Referrals List'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['', 'Referrer', 'Referrals', 'Code', 'Status', 'Completed Date', 'Action']);

  const done = row(table('Referrals List'), 'Angus Bell');
  expect(within(done).getByText('Rhona Fraser')).toBeVisible();
  expect(within(done).getByText('SPEY2025')).toBeVisible();
  expect(within(done).getByText('Completed').className).toContain('emerald');
  expect(within(done).getByText('Mar 4, 2025')).toBeVisible();
  const open = row(table('Referrals List'), 'Isla Grant');
  expect(within(open).getByText('Pending').className).toContain('amber');
  // docs/screens/referrals.md: a missing name, e-mail or date reads 'N/A'.
  expect(within(open).getAllByText('N/A')).toHaveLength(3);
  expect(within(open).getByRole('button', { name: 'Edit' })).toBeVisible();

  expect(
    within(pagination('Referrals pagination')).getByText('Showing 2 of 2 referrals'),
  ).toBeVisible();
  expect(
    within(pagination('Referrals pagination')).queryByRole('button', { name: 'Refresh' }),
  ).not.toBeInTheDocument();
  expect(searchBox('Search referrals')).toHaveAttribute('placeholder', 'Search referrals');
  expect(
    within(combobox('Filter by status'))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['All', 'Completed', 'Pending']);
  expect(api.sent('GET', '/api/referrals')[0]?.query).toEqual({ page: '1', limit: '10' });
});

test('Loading Referrals ... shows until the first answer, No referrals found. when empty', async () => {
  const api = seedApi();
  const release = api.holdLists();
  await renderApp({ route: '/referrals' });
  expect(await screen.findByText('Loading Referrals ...')).toBeVisible();
  expect(within(card('Total Referrals')).getByText('Loading...')).toBeVisible();
  release();
  expect(await screen.findByText('No referrals found.')).toBeVisible();
  expect(screen.queryByText('Loading Referrals ...')).not.toBeInTheDocument();
});

test('a failed fetch replaces the screen with Error: and the message', async () => {
  seedApi({ referrals: manyReferrals(2) });
  server.use(http.get('/api/referrals', () => apiError(500, 'Database unreachable')));
  await renderApp({ route: '/referrals' });
  const panel = await screen.findByRole('alert');
  expect(within(panel).getByText('Error: Database unreachable')).toBeVisible();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText('Total Referrals')).not.toBeInTheDocument();

  server.use(http.get('/api/referrals', () => apiError(500, '')));
  await act(async () => {
    within(panel).getByRole('button', { name: 'Try again' }).click();
  });
  expect(await screen.findByText('Error: Failed to fetch referrals')).toBeVisible();

  server.resetHandlers();
  await act(async () => {
    screen.getByRole('button', { name: 'Try again' }).click();
  });
  expect(await within(await screen.findByRole('table')).findByText('Referee 1')).toBeVisible();
});

test('the filter and a search debounced at 500 ms each start again at page 1', async () => {
  const api = seedApi({
    referrals: [
      ...manyReferrals(12),
      ...manyReferrals(3, { status: 'completed', completedDate: '2025-05-01T00:00:00.000Z' }),
    ],
  });
  const { user } = await renderApp({ route: '/referrals' });
  await within(await screen.findByRole('table')).findByText('Referee 1');
  await user.click(
    within(pagination('Referrals pagination')).getByRole('button', { name: 'Page 2' }),
  );
  expect(await within(table('Referrals List')).findByText('Referee 11')).toBeVisible();

  await user.selectOptions(combobox('Filter by status'), 'Completed');
  await waitFor(() =>
    expect(api.sent('GET', '/api/referrals').at(-1)?.query).toEqual({
      page: '1',
      limit: '10',
      status: 'completed',
    }),
  );
  expect(
    await within(pagination('Referrals pagination')).findByText('Showing 3 of 3 referrals'),
  ).toBeVisible();
  // The cards count every referral, whatever the filter.
  expect(within(card('Total Referrals')).getByText('15')).toBeVisible();

  await user.selectOptions(combobox('Filter by status'), 'All');
  await user.click(
    await within(pagination('Referrals pagination')).findByRole('button', { name: 'Page 2' }),
  );
  await within(table('Referrals List')).findByText('Referee 11');
  const before = api.sent('GET', '/api/referrals').length;
  // On a fake clock: a real one would send 'r' and 're' mid-word on a busy machine.
  const pause = typeBeforeThePause(searchBox('Search referrals'), 'referee 12', SEARCH_DEBOUNCE_MS);
  expect(api.sent('GET', '/api/referrals')).toHaveLength(before);
  pause();
  await waitFor(() => expect(api.sent('GET', '/api/referrals')).toHaveLength(before + 1));
  expect(api.sent('GET', '/api/referrals').at(-1)?.query).toEqual({
    page: '1',
    limit: '10',
    search: 'referee 12',
  });
  expect(
    await within(pagination('Referrals pagination')).findByText('Showing 1 of 1 referrals'),
  ).toBeVisible();
});

test('Edit Referral saves the status, says so, and the referrer points follow in the Reward List', async () => {
  const rhona = aCustomer({
    fullName: 'Rhona Fraser',
    email: 'rhona@example.com',
    referralPoints: 100,
  });
  const referral = aReferral({
    referrer: { id: rhona.id, fullName: rhona.fullName, email: rhona.email },
    referee: { id: crypto.randomUUID(), fullName: 'Angus Bell', email: 'angus@example.com' },
    rewardAmount: 75.25,
    pointsAwarded: 250,
  });
  const api = seedApi({ customers: [rhona], referrals: [referral] });
  const { user, router } = await renderApp({ route: '/user' });
  const rewardRow = async () =>
    within(await screen.findByRole('table', { name: 'Reward List' })).findByRole('row', {
      name: /Rhona Fraser/,
    });
  expect(within(await rewardRow()).getByRole('cell', { name: '100' })).toBeVisible();

  await act(() => router.navigate('/referrals'));
  await clickEdit(user, /Angus Bell/);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Referral - Rhona Fraser' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  const detail = (term: string) => detailValue(dialog, term);
  expect(detail('Referral ID')).toHaveTextContent(referral.id);
  expect(detail('Referrer')).toHaveTextContent('Rhona Fraser');
  expect(detail('Referee')).toHaveTextContent('Angus Bell (angus@example.com)');
  expect(detail('Reward Amount')).toHaveTextContent('$75.25 USD');
  expect(detail('Completed Date')).toHaveTextContent('N/A');
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  expect(field('Status')).toHaveValue('pending');
  expect(
    within(field('Status'))
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Completed', 'Pending']);

  await user.selectOptions(field('Status'), 'Completed');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Referral updated successfully!')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.sent('PUT', `/api/referrals/${referral.id}/status`)[0]?.body).toEqual({
    status: 'completed',
  });
  // The list is reloaded: the badge and the cards follow.
  expect(
    await within(row(table('Referrals List'), 'Angus Bell')).findByText('Completed'),
  ).toBeVisible();
  expect(within(card('Completed Referrals')).getByText('1')).toBeVisible();
  expect(within(card('Total Rewards')).getByText('$75.25')).toBeVisible();

  // The Reward List was invalidated, so it is not served from the cache.
  await act(() => router.navigate('/user'));
  await waitFor(async () =>
    expect(within(await rewardRow()).getByRole('cell', { name: '350' })).toBeVisible(),
  );
});

test('a failed save keeps the dialog open with a toast and the message', async () => {
  const api = seedApi({ referrals: manyReferrals(1) });
  const { user } = await renderApp({ route: '/referrals' });
  await clickEdit(user, /Referee 1/);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Referral - Rhona Fraser' });
  server.use(http.put('/api/referrals/:id/status', () => apiError(500, '')));
  const release = api.holdLists();
  await user.selectOptions(within(dialog).getByLabelText('Status'), 'Completed');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  // docs/screens/referrals.md#texts: the toast's fallback, and the status change's in the dialog.
  expect(await screen.findByText('Failed to update referral')).toBeInTheDocument();
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to update referral status');
  expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  expect(screen.getByRole('dialog', { name: 'Edit Referral - Rhona Fraser' })).toBeVisible();
  release();
  expect(api.state.referrals[0]?.status).toBe('pending');
});

test('a save over a change made meanwhile says so; Reload shows the current status', async () => {
  const api = seedApi({ referrals: manyReferrals(1) });
  const referral = api.state.referrals[0]!;
  const { user } = await renderApp({ route: '/referrals' });
  await clickEdit(user, /Referee 1/);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Referral - Rhona Fraser' });
  // Another admin completes it while this dialog is open.
  api.state.referrals[0] = { ...referral, status: 'completed', version: '9' };
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(
    'This record was changed by someone else. Reload it and try again.',
  );
  expect(api.sent('PUT', `/api/referrals/${referral.id}/status`)[0]?.headers.get('if-match')).toBe(
    `"${referral.version}"`,
  );
  expect(api.state.referrals[0]?.status).toBe('completed');

  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveValue('completed'));
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
});

test('Save reads Saving... while the change is on its way', async () => {
  seedApi({ referrals: manyReferrals(1) });
  const { user } = await renderApp({ route: '/referrals' });
  await clickEdit(user, /Referee 1/);
  const dialog = await screen.findByRole('dialog');
  // Hold the save so the busy state can be seen.
  const release = holdRequests('put', '/api/referrals/:id/status');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
  expect(within(dialog).getByLabelText('Status')).toBeDisabled();
  release();
  expect(await screen.findByText('Referral updated successfully!')).toBeInTheDocument();
});
