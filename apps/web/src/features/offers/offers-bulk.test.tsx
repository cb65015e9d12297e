import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { anOffer, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

// Issue 31: the Offer List's bulk 'Activate' / 'Deactivate', confirmed with the count, and the
// toast whose 'Undo' puts each offer back as it was.
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('Deactivate on the chosen offers asks with their count; Undo restores each', async () => {
  const api = seedApi({
    offers: [
      anOffer({ title: 'Ardbeg 2015', isActive: true }),
      anOffer({ title: 'Glenfarclas 2008', isActive: false }),
      anOffer({ title: 'Springbank 2012', isActive: true }),
    ],
  });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Ardbeg 2015');
  await user.click(screen.getByRole('checkbox', { name: 'Select Ardbeg 2015' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Glenfarclas 2008' }));
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(bar).toHaveTextContent('2 offers selected');
  await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Offers' });
  expect(dialog).toHaveTextContent('Deactivate 2 offers?');
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

  expect(await screen.findByText('2 offers deactivated.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: 2 offers as they were.')).toBeInTheDocument();
  await waitFor(() => expect(api.sent('POST', '/api/offers/bulk/active')).toHaveLength(2));
  expect(api.sent('POST', '/api/offers/bulk/active').map((sent) => sent.body)).toEqual([
    {
      changes: [
        { id: expect.any(String), isActive: false },
        { id: expect.any(String), isActive: false },
      ],
    },
    {
      bulkId: expect.any(String),
      changes: [
        { id: expect.any(String), isActive: true },
        { id: expect.any(String), isActive: false },
      ],
    },
  ]);
  expect(api.state.offers.map((offer) => offer.isActive)).toEqual([true, false, true]);
}, 40_000);
