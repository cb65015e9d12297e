import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { aReferral, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { findTable, pagination, searchBox } from '@/testing/queries.ts';

// Moved from e2e/tests/referrals.spec.ts (issue 43, docs/decisions/384): a search that finds
// nothing (docs/screens/referrals.md).

afterEach(() => {
  toast.remove();
});

test('a search that matches nothing reads No referrals found. and Showing 0 of 0 referrals', async () => {
  seedApi({ referrals: [aReferral(), aReferral()] });
  const { user } = await renderApp({ route: '/referrals' });
  await findTable('Referrals List');
  expect(await screen.findAllByRole('button', { name: 'Edit' })).toHaveLength(2);

  await user.type(searchBox('Search referrals'), 'no-such-referral-anywhere');
  expect(await screen.findByText('No referrals found.')).toBeVisible();
  expect(
    within(pagination('Referrals pagination')).getByText('Showing 0 of 0 referrals'),
  ).toBeVisible();
});
