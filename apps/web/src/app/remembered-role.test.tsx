import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { expect, test } from 'vitest';
import type { AdminProfile } from '@cask/contracts/auth';
import { ada, anOffer, heldAnswer, json, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

// docs/decisions/456: the role the profile answered last time draws a screen's buttons at once, so
// nothing moves when the profile arrives; the profile's answer replaces it.

/** The profile answers only when the test says so, with the role given. */
function heldProfile() {
  const answer = heldAnswer('get', '/api/auth/profile');
  return (profile: AdminProfile) => answer(json(200, { success: true, data: { user: profile } }));
}

const addOffer = () => screen.queryByRole('button', { name: 'Add Offer' });

test('the remembered role shows the screen’s changes before the profile answers, and the answer wins', async () => {
  seedApi({ offers: [anOffer({ title: 'Remembered Offer' })] });
  Cookies.set('adminRole', 'admin', { path: '/' });
  const answer = heldProfile();
  await renderApp({ route: '/offers', profile: null });
  await screen.findByText('Remembered Offer');
  expect(addOffer()).toBeInTheDocument();

  // Demoted since: the profile says Viewer, the button goes and the hint follows.
  answer({ ...ada, role: 'viewer' });
  await waitFor(() => expect(addOffer()).not.toBeInTheDocument());
  expect(Cookies.get('adminRole')).toBe('viewer');
});

test('with no remembered role nothing that changes data shows until the profile answers', async () => {
  seedApi({ offers: [anOffer({ title: 'Unremembered Offer' })] });
  const answer = heldProfile();
  await renderApp({ route: '/offers', profile: null });
  await screen.findByText('Unremembered Offer');
  expect(addOffer()).not.toBeInTheDocument();

  answer({ ...ada, role: 'admin' });
  expect(await screen.findByRole('button', { name: 'Add Offer' })).toBeInTheDocument();
  expect(Cookies.get('adminRole')).toBe('admin');
});
