import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { dialog } from '@/testing/queries.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { routes } from '../routes.tsx';
import { navOf } from './nav.ts';

// The screens' names are declared on their routes (handle.nav, docs/decisions/378): the sidebar
// (sidebar.test.tsx) and the command palette read them from the route table.

test("the entries without an icon are Settings' own screens, offered by the palette only", () => {
  const paletteOnly = navOf(routes).filter((item) => item.icon === undefined);
  expect(paletteOnly.length).toBeGreaterThan(0);
  for (const { to } of paletteOnly) expect(to).toMatch(/^\/setting\//);
  expect(
    navOf(routes)
      .filter((item) => item.end)
      .map(({ to }) => to),
  ).toEqual(['/']);
});

test("the palette's Screens are the route table's entries, the sidebar's first, then Settings' own", async () => {
  const { user } = await renderApp({ route: '/' });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  const screens = within(screen.getByRole('listbox', { name: 'Results' })).getByRole('group', {
    name: 'Screens',
  });
  const entries = navOf(routes);
  expect(
    within(screens)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    ...entries.filter((entry) => entry.icon).map(({ label }) => label),
    ...entries.filter((entry) => !entry.icon).map(({ label }) => label),
  ]);
});
