import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { manyOffers, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { findTable, searchBox, table } from '@/testing/queries.ts';

// Moved from e2e/tests/offers.spec.ts (issue 43, docs/decisions/384): a search that finds
// nothing, and Add Offer's Cancel (docs/screens/offers.md). The cards, the count, Refresh and
// the required fields are in offers-page.test.tsx.

afterEach(() => {
  toast.remove();
});

// The file's first test loads the screen's lazy module: over 15 s on a busy 2-core machine.
test("a search that matches nothing reads 'No offers found'", async () => {
  seedApi({ offers: manyOffers(3) });
  const { user } = await renderApp({ route: '/offers' });
  await within(await findTable('Offers')).findByText('Offer 1');

  await user.type(searchBox('Search offers'), 'zzqx');
  expect(await screen.findByText('No offers found')).toBeVisible();
  expect(within(table('Offers')).queryByText('Offer 1')).not.toBeInTheDocument();
}, 40_000);

// The dialog opens, checks its fields and closes: 10 s and more on a busy 2-core machine.
test('Add Offer asks for its required fields, and Cancel closes it without a word sent', async () => {
  const api = seedApi({ offers: manyOffers(1) });
  const { user } = await renderApp({ route: '/offers' });
  await within(await findTable('Offers')).findByText('Offer 1');

  await user.click(screen.getByRole('button', { name: 'Add Offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Offer' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Title is required')).toBeVisible();

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog', { name: 'Add Offer' })).not.toBeInTheDocument();
  expect(api.sent('POST', '/api/offers')).toHaveLength(0);
}, 40_000);
