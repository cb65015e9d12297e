import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { EXPORT_ALREADY_RUNNING } from '@cask/contracts/export-answers';
import { anOrder, seedApi } from '@/testing/api.ts';
import { followedDownloads } from '@/testing/browser.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => vi.restoreAllMocks());

test("'Export CSV' exports the list with the screen's filters and reads 'Exporting...' until sent", async () => {
  const hrefs = followedDownloads();
  const api = seedApi({ orders: [anOrder({ status: 'Pending' })] });
  const { user } = await renderApp({ route: '/orders' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Pending');
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
  expect(api.state.exports).toEqual([
    { id: expect.any(String), list: 'orders', query: { status: 'Pending' } },
  ]);
  expect(hrefs).toEqual([`/api/exports/download?token=t-${api.state.exports[0]!.id}`]);
  // The button asks until the API says the file was sent whole.
  expect(
    await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 5000 }),
  ).toBeEnabled();
  expect(api.sent('GET', `/api/exports/${api.state.exports[0]!.id}`).length).toBeGreaterThan(1);
});

test('a failed export says so and the button is usable again', async () => {
  followedDownloads();
  const api = seedApi();
  api.state.exportStates = ['failed'];
  const { user } = await renderApp({ route: '/notifications' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText('The export failed. Please try again.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
});

test('the Users screen exports both of its lists, each button named by its list', async () => {
  const hrefs = followedDownloads();
  const api = seedApi();
  const { user } = await renderApp({ route: '/user' });
  await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'isla');
  await waitFor(() => expect(api.sent('GET', '/api/users').at(-1)?.query.search).toBe('isla'));
  await user.click(screen.getByRole('button', { name: 'Export CSV (Reward List)' }));
  await waitFor(() => expect(hrefs).toHaveLength(1));
  expect(api.state.exports[0]).toMatchObject({ list: 'rewards', query: { search: 'isla' } });
  expect(screen.getByRole('button', { name: /Export CSV \(Users\)/ })).toBeEnabled();
});

test('an admin whose previous export still downloads is told so, and nothing is downloaded (issue 40)', async () => {
  const hrefs = followedDownloads();
  const api = seedApi();
  api.state.exportRefusal = { status: 429, message: EXPORT_ALREADY_RUNNING };
  const { user } = await renderApp({ route: '/notifications' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText(EXPORT_ALREADY_RUNNING)).toBeInTheDocument();
  expect(hrefs).toEqual([]);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
});
