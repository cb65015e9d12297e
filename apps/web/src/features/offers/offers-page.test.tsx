// On jsdom, not the suite's happy-dom (vite.config.ts, docs/decisions/393): happy-dom's FormData
// leaves out an empty text field (the offer's location) that a browser sends.
import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import {
  anOffer,
  seedApi,
  manyOffers,
  type TestApi,
  server,
  http,
  apiError,
} from '@/testing/api.ts';
import { pngFile } from '@/testing/files.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { card, pagination, row, table } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

/** The text fields of the multipart body the last call to `method path` sent. */
function sentForm(api: TestApi, method: string, path: string) {
  const body = api.sent(method, path).at(-1)?.body;
  if (!(body instanceof FormData)) throw new Error('no form sent');
  return body;
}

test('the screen shows its cards, search, type filter, table and pagination', async () => {
  const api = seedApi({
    offers: [
      anOffer({ title: 'Ardbeg 2015 Sherry Butt', priceNumeric: 15000, expiryDate: '2031-06-30' }),
      anOffer({ title: 'Lagavulin 16', type: 'bottle', isActive: false, priceNumeric: 89.5 }),
      ...manyOffers(10),
    ],
  });
  await renderApp({ route: '/offers' });

  expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  expect(screen.getByRole('searchbox', { name: 'Search offers' })).toHaveAttribute(
    'placeholder',
    'Search offers...',
  );
  expect(
    within(screen.getByRole('combobox', { name: 'Type' }))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['All', 'Cask', 'Bottle', 'Experience']);
  expect(screen.getByRole('button', { name: 'Add Offer' })).toBeVisible();
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText(
    'Ardbeg 2015 Sherry Butt',
  );
  expect(api.sent('GET', '/api/offers')[0]?.query).toEqual({ page: '1', limit: '10' });
  expect(
    within(table('Offers'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['', 'Offers', 'Type', 'Price', 'Status', 'Deadline', 'Actions']);
  const ardbeg = row(table('Offers'), 'Ardbeg 2015');
  expect(within(ardbeg).getByText('Cask')).toBeVisible();
  expect(within(ardbeg).getByText('$15,000')).toBeVisible();
  expect(within(ardbeg).getByText('Active')).toBeVisible();
  expect(within(ardbeg).getByText('2031-06-30')).toBeVisible();
  expect(within(ardbeg).getByRole('button', { name: 'Edit' })).toBeVisible();
  expect(within(ardbeg).getByRole('button', { name: 'Delete' })).toBeVisible();
  expect(within(row(table('Offers'), 'Lagavulin 16')).getByText('Inactive')).toBeVisible();
  expect(within(row(table('Offers'), 'Lagavulin 16')).getByText('$89.50')).toBeVisible();
  expect(within(card('Total Offers')).getByText('12')).toBeVisible();
  expect(within(card('Active Offers')).getByText('11')).toBeVisible();
  expect(
    within(pagination('Offers pagination')).getByText('Showing 10 of 12 offers'),
  ).toBeVisible();
  expect(
    within(pagination('Offers pagination')).getByRole('button', { name: 'Refresh' }),
  ).toBeVisible();
});

test('Loading offers... shows until the first answer; No offers found when empty', async () => {
  const api = seedApi({ offers: [] });
  const release = api.holdLists();
  await renderApp({ route: '/offers' });
  expect(await screen.findByText('Loading offers...')).toBeVisible();
  release();
  expect(await screen.findByText('No offers found')).toBeVisible();
  expect(screen.queryByText('Loading offers...')).not.toBeInTheDocument();
});

test('a failed list shows the server message, or Failed to fetch offers, in a red box', async () => {
  seedApi({ offers: manyOffers(2) });
  server.use(http.get('/api/offers', () => apiError(500, '')));
  await renderApp({ route: '/offers' });
  const panel = await screen.findByRole('alert');
  expect(within(panel).getByText('Failed to fetch offers')).toBeVisible();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a failed list shows the cards as unavailable, not as 0', async () => {
  seedApi({ offers: manyOffers(2) });
  server.use(http.get('/api/offers', () => apiError(500)));
  await renderApp({ route: '/offers' });
  await screen.findByRole('alert');
  for (const title of ['Total Offers', 'Active Offers']) {
    expect(card(title)).toHaveTextContent('Unavailable');
    expect(card(title)).not.toHaveTextContent('0');
  }
});

test('search (debounced), type and page size each go back to page 1', async () => {
  const api = seedApi({
    offers: [
      ...manyOffers(14),
      anOffer({ title: 'Islay Tasting Day', type: 'experience', description: 'Peat and smoke' }),
    ],
  });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Offer 1');
  await user.click(within(pagination('Offers pagination')).getByRole('button', { name: 'Page 2' }));
  expect(await within(table('Offers')).findByText('Offer 11')).toBeVisible();

  await user.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'smoke');
  expect(api.sent('GET', '/api/offers').filter((r) => r.query.search !== undefined)).toHaveLength(
    0,
  );
  await waitFor(() =>
    expect(api.sent('GET', '/api/offers').at(-1)?.query).toEqual({
      page: '1',
      limit: '10',
      search: 'smoke',
    }),
  );
  expect(await within(table('Offers')).findByText('Islay Tasting Day')).toBeVisible();
  await user.clear(screen.getByRole('searchbox', { name: 'Search offers' }));
  await within(table('Offers')).findByText('Offer 1');

  await user.click(within(pagination('Offers pagination')).getByRole('button', { name: 'Page 2' }));
  await within(table('Offers')).findByText('Offer 11');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Experience');
  await waitFor(() =>
    expect(api.sent('GET', '/api/offers').at(-1)?.query).toEqual({
      page: '1',
      limit: '10',
      type: 'experience',
    }),
  );
  expect(
    await within(pagination('Offers pagination')).findByText('Showing 1 of 1 offers'),
  ).toBeVisible();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'All');
  await within(table('Offers')).findByText('Offer 1');
  await user.click(within(pagination('Offers pagination')).getByRole('button', { name: 'Page 2' }));
  await within(table('Offers')).findByText('Offer 11');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '20');
  await waitFor(() =>
    expect(api.sent('GET', '/api/offers').at(-1)?.query).toEqual({ page: '1', limit: '20' }),
  );
  expect(
    await within(pagination('Offers pagination')).findByText('Showing 15 of 15 offers'),
  ).toBeVisible();
});

test('Add Offer: required fields are checked before anything is sent', async () => {
  const api = seedApi({ offers: [] });
  const { user } = await renderApp({ route: '/offers' });
  await screen.findByText('No offers found');
  await user.click(screen.getByRole('button', { name: 'Add Offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Offer' });
  expect(within(dialog).getByRole('combobox', { name: /Type/ })).toHaveValue('cask');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  for (const message of [
    'Title is required',
    'Current value is required',
    'Deadline is required',
    'Distillery is required',
    'Cask Type is required',
    'Vintage is required',
  ]) {
    expect(await within(dialog).findByText(message)).toBeVisible();
  }
  expect(api.sent('POST', '/api/offers')).toHaveLength(0);
});

test('Add Offer with a banner and three sliding images: the row and the cards appear in place', async () => {
  const api = seedApi({ offers: [anOffer({ title: 'Existing offer' })] });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Existing offer');
  await user.click(screen.getByRole('button', { name: 'Add Offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Offer' });

  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Springbank 2010');
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Refill sherry');
  // Switching the type keeps the common fields and empties the type's own.
  await user.type(within(dialog).getByRole('textbox', { name: /Distillery/ }), 'Glen Scotia');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'bottle');
  expect(within(dialog).getByRole('group', { name: 'Bottle Details' })).toBeVisible();
  expect(within(dialog).getByRole('textbox', { name: /Distillery/ })).toHaveValue('');
  expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Springbank 2010');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'cask');

  await user.type(within(dialog).getByRole('textbox', { name: /Distillery/ }), 'Springbank');
  await user.type(within(dialog).getByRole('textbox', { name: /Cask Type/ }), 'Sherry Hogshead');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Vintage/ }), '2010');
  await user.type(within(dialog).getByRole('spinbutton', { name: 'Purchase Value ($)' }), '9000');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Current Value/ }), '12500.50');
  await user.type(within(dialog).getByLabelText(/Deadline/), '2031-03-31');

  await user.upload(
    within(dialog).getByLabelText('Banner Image'),
    pngFile({ name: 'springbank.png', bytes: 1024 * 1024 * 1.5 }),
  );
  expect(within(dialog).getByText('springbank.png')).toBeVisible();
  expect(within(dialog).getByText('1.50 MB')).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'Change' })).toBeVisible();
  await user.upload(within(dialog).getByLabelText('Sliding Images'), [
    pngFile({ name: 'a.png', bytes: 10 }),
    pngFile({ name: 'b.png', bytes: 10 }),
    pngFile({ name: 'c.png', bytes: 10 }),
  ]);
  expect(within(dialog).getAllByRole('img', { name: /Sliding image/ })).toHaveLength(3);
  expect(within(dialog).getByRole('button', { name: 'Remove sliding image 2' })).toBeVisible();

  const release = api.holdLists();
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Offer added successfully')).toBeInTheDocument();
  const form = sentForm(api, 'POST', '/api/offers');
  expect(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
    title: 'Springbank 2010',
    type: 'cask',
    priceNumeric: '12500.50',
    currentPrice: '12500.50',
    originalPrice: '9000',
    expiryDate: '2031-03-31',
    description: 'Refill sherry',
    location: '',
    details: JSON.stringify({
      distillery: 'Springbank',
      caskType: 'Sherry Hogshead',
      vintage: 2010,
    }),
    isFeatured: 'true',
  });
  expect(form.getAll('offerImage')).toHaveLength(1);
  expect(form.getAll('offerImages')).toHaveLength(3);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  release();
  expect(await within(table('Offers')).findByText('Springbank 2010')).toBeVisible();
  await waitFor(() => expect(within(card('Total Offers')).getByText('2')).toBeVisible());
  // No page reload: the screen stayed mounted while the list refetched.
  expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
});

test('a wrong image is refused in the form and never sent', async () => {
  seedApi({ offers: [] });
  const { user } = await renderApp({ route: '/offers', applyAccept: false });
  await screen.findByText('No offers found');
  await user.click(screen.getByRole('button', { name: 'Add Offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Offer' });
  await user.upload(
    within(dialog).getByLabelText('Banner Image'),
    new File(['notes'], 'notes.txt', { type: 'text/plain' }),
  );
  expect(within(dialog).getByText('Please select a valid image file')).toBeVisible();
  await user.upload(
    within(dialog).getByLabelText('Sliding Images'),
    new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }),
  );
  expect(within(dialog).getByText('Image size should be less than 5MB')).toBeVisible();
  expect(within(dialog).queryAllByRole('img', { name: /Sliding image/ })).toHaveLength(0);
});

test('a failed save shows the server message in a red box and keeps the form', async () => {
  seedApi({ offers: [] });
  server.use(http.post('/api/offers', () => apiError(500, '')));
  const { user } = await renderApp({ route: '/offers' });
  await screen.findByText('No offers found');
  await user.click(screen.getByRole('button', { name: 'Add Offer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Offer' });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), 'experience');
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Warehouse tour');
  await user.type(within(dialog).getByRole('textbox', { name: /Duration/ }), '3 hours');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Participants/ }), '6');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Current Value/ }), '450');
  await user.type(within(dialog).getByLabelText(/Deadline/), '2031-01-15');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Failed to add offer')).toBeVisible();
  expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Warehouse tour');
});

test('Edit Offer: starts from the offer, removes a sliding image, adds one, and the row changes', async () => {
  const offer = anOffer({
    title: 'Ardbeg 2015',
    image: '/uploads/00000000-0000-4000-8000-00000000a001',
    images: [
      '/uploads/00000000-0000-4000-8000-00000000b001',
      '/uploads/00000000-0000-4000-8000-00000000b002',
      '/uploads/00000000-0000-4000-8000-00000000b003',
    ],
  });
  const [first, , third] = offer.images;
  const banner = offer.image;
  const api = seedApi({ offers: [offer] });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Ardbeg 2015');
  await user.click(
    within(row(table('Offers'), 'Ardbeg 2015')).getByRole('button', { name: 'Edit' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
  expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Ardbeg 2015');
  expect(within(dialog).getByRole('textbox', { name: /Distillery/ })).toHaveValue('Ardbeg');
  expect(within(dialog).getByText('Current banner')).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Remove sliding image 2' }));
  await user.upload(
    within(dialog).getByLabelText('Sliding Images'),
    pngFile({ name: 'new.png', bytes: 10 }),
  );
  await user.clear(within(dialog).getByRole('textbox', { name: /Title/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Ardbeg 2015 Cask 42');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Inactive');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));

  expect(await screen.findByText('Offer updated successfully')).toBeInTheDocument();
  const form = sentForm(api, 'PUT', `/api/offers/${offer.id}`);
  expect(form.get('isActive')).toBe('false');
  expect(form.get('image')).toBe(banner);
  expect(JSON.parse(String(form.get('images')))).toEqual([first, third]);
  expect(form.getAll('offerImages')).toHaveLength(1);
  expect(form.get('isFeatured')).toBeNull();
  expect(await within(table('Offers')).findByText('Ardbeg 2015 Cask 42')).toBeVisible();
  expect(within(row(table('Offers'), 'Ardbeg 2015 Cask 42')).getByText('Inactive')).toBeVisible();
  await waitFor(() => expect(within(card('Active Offers')).getByText('0')).toBeVisible());
});

test('Edit Offer shows ABV and volume with their unit and sends them as typed', async () => {
  const offer = anOffer({
    title: 'Bowmore 1998',
    details: { distillery: 'Bowmore', caskType: 'Hogshead', vintage: 1998, abv: 52.1, volume: 250 },
  });
  const api = seedApi({ offers: [offer] });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Bowmore 1998');
  await user.click(
    within(row(table('Offers'), 'Bowmore 1998')).getByRole('button', { name: 'Edit' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
  expect(within(dialog).getByRole('textbox', { name: 'ABV' })).toHaveValue('52.1%');
  expect(within(dialog).getByRole('textbox', { name: 'Volume' })).toHaveValue('250L');
  await user.clear(within(dialog).getByRole('textbox', { name: 'ABV' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'ABV' }), '1e999');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(
    await within(dialog).findByText('ABV must be a percentage, e.g. 58.4 or 58.4%'),
  ).toBeVisible();
  expect(api.sent('PUT', `/api/offers/${offer.id}`)).toHaveLength(0);

  await user.clear(within(dialog).getByRole('textbox', { name: 'ABV' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'ABV' }), '51.8%');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Offer updated successfully')).toBeInTheDocument();
  const form = sentForm(api, 'PUT', `/api/offers/${offer.id}`);
  expect(JSON.parse(String(form.get('details')))).toEqual({
    distillery: 'Bowmore',
    caskType: 'Hogshead',
    vintage: 1998,
    abv: '51.8%',
    volume: '250L',
  });
});

test('Edit Offer names the version it opened; saved over meanwhile, it says so and reloads on request', async () => {
  const offer = anOffer({ title: 'Glenfarclas 2009', version: '3' });
  const api = seedApi({ offers: [offer] });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Glenfarclas 2009');
  await user.click(
    within(row(table('Offers'), 'Glenfarclas 2009')).getByRole('button', { name: 'Edit' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
  // Another admin saves the offer while this form is open.
  Object.assign(offer, { title: 'Glenfarclas 2009 (theirs)', version: '4' });
  await user.clear(within(dialog).getByRole('textbox', { name: /Title/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'My new title');
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(RECORD_CHANGED_ELSEWHERE);
  const [sent] = api.sent('PUT', `/api/offers/${offer.id}`);
  expect(sent?.headers.get('if-match')).toBe('"3"');
  expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('My new title');
  expect(api.state.offers[0]?.title).toBe('Glenfarclas 2009 (theirs)');

  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() =>
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue(
      'Glenfarclas 2009 (theirs)',
    ),
  );
  expect(within(dialog).queryByRole('alert')).toBeNull();
  await user.click(within(dialog).getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Offer updated successfully')).toBeInTheDocument();
  expect(api.sent('PUT', `/api/offers/${offer.id}`)[1]?.headers.get('if-match')).toBe('"4"');
});

test('Confirm Delete asks by name; the row disappears; a failure shows in the dialog; Undo brings it back', async () => {
  const doomed = anOffer({ title: 'Old Pulteney 12' });
  const api = seedApi({ offers: [doomed, anOffer({ title: 'Keep me' })] });
  const { user } = await renderApp({ route: '/offers' });
  await within(await screen.findByRole('table', { name: 'Offers' })).findByText('Old Pulteney 12');
  server.use(http.delete('/api/offers/:id', () => apiError(500, '')));
  await user.click(
    within(row(table('Offers'), 'Old Pulteney 12')).getByRole('button', { name: 'Delete' }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
  expect(
    within(dialog).getByText('Are you sure you want to delete Old Pulteney 12?'),
  ).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await within(dialog).findByText('Failed to delete offer')).toBeVisible();

  server.resetHandlers();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Offer deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Old Pulteney 12')).not.toBeInTheDocument());
  expect(within(table('Offers')).getByText('Keep me')).toBeVisible();
  await waitFor(() => expect(within(card('Total Offers')).getByText('1')).toBeVisible());

  // Issue 31 (decision 273): the toast's 'Undo' sends the offer's restore and the row is back.
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: offer Old Pulteney 12 is back.')).toBeInTheDocument();
  expect(await within(table('Offers')).findByText('Old Pulteney 12')).toBeVisible();
  await waitFor(() => expect(within(card('Total Offers')).getByText('2')).toBeVisible());
  expect(api.sent('POST', '/api/offers/bulk/deleted').map((sent) => sent.body)).toEqual([
    { changes: [{ id: doomed.id, deleted: false }] },
  ]);
}, 40_000);
