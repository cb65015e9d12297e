import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { navigation } from '@/testing/queries.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { routes } from '../routes.tsx';
import { navOf } from './nav.ts';
import { SIDEBAR_STORAGE_KEY } from './use-sidebar-collapsed.ts';

// The sidebar's entries are the routes' `handle.nav` with an icon (docs/screens/shell.md#sidebar,
// app/routes.tsx): a new screen's entry is declared on its route, and these tests read the route
// table (issue 42: no second table kept by hand).
const sections = navOf(routes)
  .filter((item) => item.icon !== undefined)
  .map(({ label, to }) => [label, to]);

test('the sidebar lists its sections in order, each with its route, Dashboard first and Settings last', async () => {
  await renderApp({ route: '/' });
  expect(
    within(navigation('Main'))
      .getAllByRole('link')
      .map((link) => [
        link.getAttribute('aria-label') ?? link.textContent,
        link.getAttribute('href'),
      ]),
  ).toEqual(sections);
  expect(sections.at(0)).toEqual(['Dashboard', '/']);
  expect(sections.at(-1)).toEqual(['Settings', '/setting']);
  expect(screen.getByText('Cask Admin')).toBeInTheDocument();
});

test('every entry shows its icon once it has loaded, in a box of the same size before', async () => {
  await renderApp({ route: '/' });
  await waitFor(() =>
    expect(navigation('Main').querySelectorAll('svg.lucide')).toHaveLength(sections.length),
  );
  for (const link of within(navigation('Main')).getAllByRole('link')) {
    expect(link.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  }
});

test('the dashboard entry is current only on / itself', async () => {
  await renderApp({ route: '/' });
  expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(screen.getByRole('link', { name: 'User' })).not.toHaveAttribute('aria-current');
});

test('Settings stays current on its sub-pages, and Dashboard does not light up', async () => {
  await renderApp({ route: '/setting/privacy' });
  expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
});

test('following an entry opens its screen and makes it current', async () => {
  const { user, router } = await renderApp({ route: '/' });
  await user.click(screen.getByRole('link', { name: 'Orders' }));
  expect(await screen.findByRole('heading', { name: 'Order List' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/orders');
  expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
});

test('collapsing narrows the sidebar, renames the toggle and keeps every entry named', async () => {
  const { user } = await renderApp({ route: '/' });
  const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
  expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await user.click(toggle);

  const expand = screen.getByRole('button', { name: 'Expand sidebar' });
  expect(expand).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();
  expect(
    within(navigation('Main'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(sections.map(([, href]) => href));
  for (const [name] of sections) {
    expect(within(navigation('Main')).getByRole('link', { name })).toHaveAttribute('title', name);
  }
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

  await user.click(expand);
  expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
});

test('the collapsed choice is remembered for the next visit', async () => {
  const first = await renderApp({ route: '/' });
  await first.user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
  expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('true');
  first.unmount();

  await renderApp({ route: '/' });
  expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
});

test('on a phone the menu button opens the sidebar as a drawer that closes on navigation', async () => {
  const { user, router } = await renderApp({ route: '/' });
  await user.click(screen.getByRole('button', { name: 'Open menu' }));

  const drawer = await screen.findByRole('dialog', { name: 'Menu' });
  expect(
    within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(sections.map(([name]) => name));

  await user.click(within(drawer).getByRole('link', { name: 'Referrals' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/referrals'));
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
});

test('Escape closes the drawer and returns focus to the menu button', async () => {
  const { user } = await renderApp({ route: '/' });
  const open = screen.getByRole('button', { name: 'Open menu' });
  await user.click(open);
  expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  expect(open).toHaveFocus();
});
