import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { CASK_SEARCH_DEBOUNCE_MS } from '@cask/contracts/casks';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { aCask, aCustomer, aWarehouse, seedApi, server, http, apiError } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { bodyRows, card, table } from '@/testing/queries.ts';
import { pngFile } from '@/testing/files.ts';
import { typeBeforeThePause } from '@/testing/clock.ts';

afterEach(() => {
  vi.useRealTimers();
  // react-hot-toast keeps its toasts in a module-level store, across tests.
  toast.remove();
});

test('shows the cards, the Cask List with its columns, money and status colours', async () => {
  seedApi({
    casks: [
      aCask({ name: 'Glen Ready', status: 'Ready', currentValue: 125500.5 }),
      aCask({ name: 'Glen Maturing', status: 'Maturing', gaugedOn: '2026-02-01' }),
      aCask({ name: 'Tasting Day', status: 'Experience', type: 'experience' }),
    ],
  });
  await renderApp({ route: '/cask' });

  expect(await screen.findByText('Glen Ready')).toBeVisible();
  expect(card('Total Casks')).toHaveTextContent('3');
  expect(card('Ready Casks')).toHaveTextContent('1');
  expect(card('Maturing Casks')).toHaveTextContent('1');
  const headers = within(table('Cask List'))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([
    'Cask Name',
    'Owner',
    'Distillery',
    'Year',
    'Volume',
    'ABV',
    'Current Value',
    'Status',
    'Action',
  ]);
  const [first] = bodyRows(table('Cask List'));
  expect(first).toHaveTextContent('$125,500.50');
  // Volume in litres and ABV in percent, with their unit (docs/screens/casks.md: 'e.g. 2000L',
  // 'e.g. 40%').
  expect(within(first!).getByText('200L')).toBeVisible();
  expect(within(first!).getByText('58.2%')).toBeVisible();
  // Which measurement they are: the latest gauge's day, or the filling's (no gauge yet).
  expect(within(first!).getByText('as filled')).toBeVisible();
  const gauged = bodyRows(table('Cask List'))[1]!;
  expect(within(gauged).getByText('gauged Feb 1, 2026')).toBeVisible();
  expect(within(first!).getByText('Ready').className).toContain('emerald');
  expect(screen.getByText('Maturing', { selector: 'span' }).className).toContain('amber');
  expect(screen.getByText('Experience', { selector: 'span' }).className).toContain('sky');
  expect(within(first!).getByRole('button', { name: 'Edit' })).toBeVisible();
  expect(within(first!).getByRole('button', { name: 'Delete' })).toBeVisible();
});

test('searches after typing stops, from page 1; says when nothing is found', async () => {
  const api = seedApi({
    casks: Array.from({ length: 12 }, (_, index) => aCask({ name: `Cask number ${index + 1}` })),
  });
  const { user } = await renderApp({ route: '/cask' });
  await screen.findByText('Cask number 1');
  expect(bodyRows(table('Cask List'))).toHaveLength(10);
  await user.click(screen.getByRole('button', { name: /next/i }));
  expect(await screen.findByText('Cask number 11')).toBeVisible();

  // On a fake clock: a real one would send 'n' and 'no' mid-word on a busy machine.
  const pause = typeBeforeThePause(
    screen.getByLabelText('Search casks'),
    'nothing like it',
    CASK_SEARCH_DEBOUNCE_MS,
  );
  const searches = () => api.state.requests.filter((request) => request.query.search);
  expect(searches()).toHaveLength(0);
  pause();
  expect(await screen.findByText('No casks found.')).toBeVisible();
  expect(searches().map((request) => request.query)).toEqual([
    expect.objectContaining({ search: 'nothing like it', page: '1', limit: '10' }),
  ]);
});

test('a failed load says so in a toast and offers a retry', async () => {
  seedApi();
  server.use(http.get('/api/casks', () => apiError(500, '')));
  await renderApp({ route: '/cask' });
  expect(await screen.findByText('Error Loading Casks')).toBeVisible();
  expect(await screen.findAllByText('Failed to fetch casks.')).not.toHaveLength(0);
});

test('a failed load shows the cards as unavailable, not loading for ever', async () => {
  seedApi();
  server.use(http.get('/api/casks', () => apiError(500)));
  await renderApp({ route: '/cask' });
  expect(await screen.findByText('Error Loading Casks')).toBeVisible();
  for (const title of ['Total Casks', 'Ready Casks', 'Maturing Casks']) {
    expect(card(title)).toHaveTextContent('Unavailable');
    expect(card(title)).not.toHaveTextContent('Loading...');
  }
});

test('adds a cask for an owner found by typing, with an image dropped on the form', async () => {
  const owner = aCustomer({ fullName: 'Morag Campbell', email: 'morag@example.com' });
  const api = seedApi({
    customers: [aCustomer({ fullName: 'Someone Else' }), owner],
    casks: [aCask({ name: 'Older cask' })],
  });
  const { user } = await renderApp({ route: '/cask', applyAccept: false });
  await screen.findByText('Older cask');
  await user.click(screen.getByRole('button', { name: '+ Add Cask' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Cask' });
  expect(within(dialog).getByText('PNG, JPG up to 5MB')).toBeVisible();
  expect(within(dialog).getByLabelText('Status')).toHaveValue('Ready');
  expect(within(dialog).getByPlaceholderText('e.g. 2000L')).toBeVisible();
  expect(within(dialog).getByPlaceholderText('e.g. 40%')).toBeVisible();

  // No owner yet: refused here.
  await user.click(within(dialog).getByRole('button', { name: 'Add Cask' }));
  expect(await within(dialog).findByText('Please select a user!')).toBeVisible();
  expect(api.sent('POST', '/api/casks')).toHaveLength(0);

  // The image: a wrong type and a too large file are refused; a PNG dropped is previewed.
  const input = within(dialog).getByLabelText('Cask Image');
  await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
  expect(within(dialog).getByText('Please select a valid image file')).toBeVisible();
  await user.upload(input, pngFile({ name: 'cask.png', bytes: 5 * 1024 * 1024 + 1 }));
  expect(within(dialog).getByText('Image size should be less than 5MB')).toBeVisible();
  fireEvent.drop(within(dialog).getByTestId('cask-image-drop-zone'), {
    dataTransfer: { files: [pngFile({ name: 'cask.png', bytes: 10 })] },
  });
  expect(await within(dialog).findByAltText('Chosen cask picture, preview')).toBeVisible();

  const combobox = within(dialog).getByRole('combobox', { name: 'Owner' });
  expect(combobox).toHaveAttribute('placeholder', 'Select User');
  await user.type(combobox, 'morag');
  // The server searches: the customers are never all loaded.
  await waitFor(() =>
    expect(api.sent('GET', '/api/users').map((request) => request.query)).toContainEqual(
      expect.objectContaining({ search: 'morag', limit: '10' }),
    ),
  );
  const listbox = within(dialog).getByRole('listbox');
  await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
  await user.click(within(listbox).getByRole('option', { name: /Morag Campbell/ }));
  expect(combobox).toHaveValue('Morag Campbell (morag@example.com)');
  // Issue 30: the chosen owner's name opens their page.
  expect(within(dialog).getByRole('link', { name: 'Morag Campbell' })).toHaveAttribute(
    'href',
    `/user/${owner.id}`,
  );

  // The spec's values (cask, bottle, experience), each read as a label.
  expect(
    within(within(dialog).getByLabelText('Type'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Cask', 'Bottle', 'Experience']);
  await user.selectOptions(within(dialog).getByLabelText('Type'), 'bottle');
  await user.type(within(dialog).getByLabelText('Cask Name'), 'Glenfarclas 2004');
  await user.type(within(dialog).getByLabelText('Year'), '2004');
  await user.type(within(dialog).getByLabelText('Volume'), '70cl');
  await user.type(within(dialog).getByLabelText('ABV'), '46%');
  await user.type(within(dialog).getByLabelText('Current Price'), '1250.5');
  await user.click(within(dialog).getByRole('button', { name: 'Add Cask' }));

  expect(await screen.findByText('Cask added successfully!')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() =>
    expect(bodyRows(table('Cask List'))[0]).toHaveTextContent('Glenfarclas 2004'),
  );
  // Kept as numbers (0.7 litres, 46 percent), shown as typed.
  expect(bodyRows(table('Cask List'))[0]).toHaveTextContent('70cl');
  expect(bodyRows(table('Cask List'))[0]).toHaveTextContent('46%');
  expect(card('Total Casks')).toHaveTextContent('2');

  const form = api.sent('POST', '/api/casks')[0]!.body as FormData;
  expect(Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)]))).toEqual({
    type: 'bottle',
    name: 'Glenfarclas 2004',
    year: '2004',
    volume: '70cl',
    abv: '46%',
    currentValue: '1250.5',
    status: 'Ready',
    owner: owner.id,
    caskImages: expect.any(File),
  });
});

test("shows each cask's number and place under its name; filters by warehouse, in the URL", async () => {
  const [dufftown, elgin] = [
    aWarehouse({ name: 'Bonded Warehouse No. 4' }),
    aWarehouse({ name: 'Glen Moray Bond', city: 'Elgin' }),
  ];
  const api = seedApi({
    warehouses: [dufftown, elgin],
    casks: [
      aCask({
        name: 'Numbered',
        caskNumber: '1234',
        warehouse: { id: dufftown.id, name: dufftown.name },
        location: 'Rack 12, Bay 3',
      }),
      aCask({ name: 'Elsewhere', warehouse: { id: elgin.id, name: elgin.name }, location: null }),
      aCask({ name: 'Nowhere', location: null }),
    ],
  });
  const { user, router } = await renderApp({ route: '/cask' });
  await screen.findByText('Numbered');
  const [numbered, elsewhere, nowhere] = bodyRows(table('Cask List'));
  expect(numbered).toHaveTextContent('No. 1234 · Bonded Warehouse No. 4, Rack 12, Bay 3');
  expect(elsewhere).toHaveTextContent('Glen Moray Bond');
  expect(nowhere).not.toHaveTextContent('·');

  const filter = screen.getByRole('combobox', { name: 'Filter by warehouse' });
  await waitFor(() =>
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All warehouses', 'Bonded Warehouse No. 4', 'Glen Moray Bond']),
  );
  await user.selectOptions(filter, elgin.id);
  await waitFor(() => expect(bodyRows(table('Cask List'))).toHaveLength(1));
  expect(bodyRows(table('Cask List'))[0]).toHaveTextContent('Elsewhere');
  expect(router.state.location.search).toBe(`?warehouse=${elgin.id}`);
  expect(api.sent('GET', '/api/casks').at(-1)!.query).toMatchObject({ warehouse: elgin.id });

  // A search matches the cask number too (the server's search, decision 400).
  await user.selectOptions(filter, '');
  await user.type(screen.getByLabelText('Search casks'), '1234');
  await waitFor(() => expect(bodyRows(table('Cask List'))).toHaveLength(1));
  expect(bodyRows(table('Cask List'))[0]).toHaveTextContent('Numbered');
});

test('a pasted link filters by its warehouse from the first request; a warehouse that is no id is ignored', async () => {
  const bond = aWarehouse({ name: 'Keith Bond No. 7' });
  const api = seedApi({
    warehouses: [bond],
    casks: [aCask({ name: 'In Keith', warehouse: { id: bond.id, name: bond.name } })],
  });
  const { router } = await renderApp({ route: `/cask?warehouse=${bond.id}` });
  await screen.findByText('In Keith');
  expect(api.sent('GET', '/api/casks').map((request) => request.query.warehouse)).toEqual([
    bond.id,
  ]);
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Filter by warehouse' })).toHaveValue(bond.id),
  );

  await router.navigate('/cask?warehouse=keith');
  await waitFor(() =>
    expect(api.sent('GET', '/api/casks').at(-1)?.query.warehouse).toBe(undefined),
  );
  expect(screen.getByRole('combobox', { name: 'Filter by warehouse' })).toHaveValue('');
});

test("adds a cask with its number, fill date and warehouse; a taken identity shows the API's message under Cask Number", async () => {
  const owner = aCustomer({ fullName: 'Morag Campbell', email: 'morag@example.com' });
  const bond = aWarehouse({ name: 'Bonded Warehouse No. 4', city: 'Dufftown' });
  const api = seedApi({ customers: [owner], warehouses: [bond], casks: [aCask()] });
  const { user } = await renderApp({ route: '/cask', applyAccept: false });
  await user.click(await screen.findByRole('button', { name: '+ Add Cask' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Cask' });
  const warehouse = within(dialog).getByLabelText('Warehouse');
  await waitFor(() =>
    expect(
      within(warehouse)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Bonded Warehouse No. 4 (Dufftown)']),
  );
  await user.type(within(dialog).getByRole('combobox', { name: 'Owner' }), 'morag');
  await user.click(await within(dialog).findByRole('option', { name: /Morag Campbell/ }));
  await user.type(within(dialog).getByLabelText('Cask Name'), 'Glenlivet Hogshead');
  await user.type(within(dialog).getByLabelText('Distillery'), 'Glenlivet');
  await user.type(within(dialog).getByLabelText('Cask Number'), '1234');
  fireEvent.change(within(dialog).getByLabelText('Fill Date'), { target: { value: '2014-06-12' } });
  await user.selectOptions(warehouse, bond.id);
  await user.type(within(dialog).getByLabelText('Location'), 'Rack 12, Bay 3');

  const taken = 'A cask with number 1234 of Glenlivet filled in 2014 already exists';
  server.use(
    http.post(
      '/api/casks',
      () => apiError(409, taken, { errors: [{ field: 'caskNumber', message: taken }] }),
      { once: true },
    ),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Add Cask' }));
  expect(await within(dialog).findByText(taken)).toBeVisible();
  expect(within(dialog).getByLabelText('Cask Number')).toHaveAccessibleDescription(
    expect.stringContaining(taken),
  );

  await user.click(within(dialog).getByRole('button', { name: 'Add Cask' }));
  expect(await screen.findByText('Cask added successfully!')).toBeInTheDocument();
  const form = api.sent('POST', '/api/casks').at(-1)!.body as FormData;
  expect(Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)]))).toMatchObject({
    distillery: 'Glenlivet',
    caskNumber: '1234',
    fillDate: '2014-06-12',
    warehouse: bond.id,
    location: 'Rack 12, Bay 3',
  });
  await waitFor(() =>
    expect(bodyRows(table('Cask List'))[0]).toHaveTextContent(
      'No. 1234 · Bonded Warehouse No. 4, Rack 12, Bay 3',
    ),
  );
});

test('edits status and notes, showing the gain and the value history as text', async () => {
  const cask = aCask({
    name: 'Springbank 2012',
    status: 'Ready',
    gain: 3000,
    gainPercentage: 33.33,
    appreciationData: [
      { month: '2025-01', value: 9000 },
      { month: '2025-02', value: 12000 },
    ],
  });
  const api = seedApi({ casks: [cask] });
  const { user } = await renderApp({ route: '/cask' });
  await screen.findByText('Springbank 2012');
  await user.click(within(bodyRows(table('Cask List'))[0]!).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Cask' });
  expect(dialog).toHaveTextContent('+$3,000 (+33.33%)');
  // Issue 30: the dialog shows the owner, linked to their page.
  expect(within(dialog).getByRole('link', { name: cask.owner.fullName })).toHaveAttribute(
    'href',
    `/user/${cask.owner.id}`,
  );
  // The API answers litres and percent; the dialog shows them with their unit.
  expect(dialog).toHaveTextContent('200L');
  expect(dialog).toHaveTextContent('58.2%');
  expect(dialog).toHaveTextContent('$12,000');
  const history = within(dialog).getByRole('region', { name: 'Value Appreciation Over Time' });
  expect(
    within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    expect.stringContaining('Jan 2025: $9,000'),
    expect.stringContaining('Feb 2025: $12,000'),
  ]);

  await user.selectOptions(within(dialog).getByLabelText('Status'), 'Maturing');
  const notes = within(dialog).getByPlaceholderText('Enter notes here...');
  await user.type(notes, 'Regauged in May.');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText('Cask updated successfully!')).toBeInTheDocument();
  expect(api.sent('PUT', `/api/casks/${cask.id}/appreciation`)[0]?.body).toEqual({
    status: 'Maturing',
    notes: 'Regauged in May.',
  });
  await waitFor(() => expect(bodyRows(table('Cask List'))[0]).toHaveTextContent('Maturing'));
});

test('a failed save says so and keeps the dialog open', async () => {
  seedApi({ casks: [aCask({ name: 'Kept' })] });
  server.use(http.put('/api/casks/:id/appreciation', () => apiError(500, '')));
  const { user } = await renderApp({ route: '/cask' });
  await screen.findByText('Kept');
  await user.click(within(bodyRows(table('Cask List'))[0]!).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Cask' });
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Failed to update cask.')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Edit Cask' })).toBeVisible();
});

test('Edit Cask names the version it opened; saved over meanwhile, it says so and reloads on request', async () => {
  const cask = aCask({ name: 'Contested', status: 'Maturing', version: '7' });
  const api = seedApi({ casks: [cask] });
  const { user } = await renderApp({ route: '/cask' });
  await screen.findByText('Contested');
  await user.click(within(bodyRows(table('Cask List'))[0]!).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Cask' });
  // Another admin saves the cask while this dialog is open.
  Object.assign(cask, { status: 'Ready', notes: 'Theirs', version: '8' });
  await user.type(within(dialog).getByPlaceholderText('Enter notes here...'), 'My notes');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(RECORD_CHANGED_ELSEWHERE);
  const [sent] = api.sent('PUT', `/api/casks/${cask.id}/appreciation`);
  expect(sent?.headers.get('if-match')).toBe('"7"');
  // Nothing typed is lost before the admin chooses to reload.
  expect(within(dialog).getByPlaceholderText('Enter notes here...')).toHaveValue('My notes');
  expect(api.state.casks[0]?.notes).toBe('Theirs');

  await user.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() =>
    expect(within(dialog).getByPlaceholderText('Enter notes here...')).toHaveValue('Theirs'),
  );
  expect(within(dialog).queryByRole('alert')).toBeNull();
  expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Ready');
  expect(api.sent('GET', `/api/casks/${cask.id}`)).toHaveLength(1);

  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Cask' })).toBeNull());
  expect(api.sent('PUT', `/api/casks/${cask.id}/appreciation`)[1]?.headers.get('if-match')).toBe(
    '"8"',
  );
});

test('deletes after confirming; the cards and the total follow; Undo brings the cask back', async () => {
  const doomed = aCask({ name: 'Doomed', distillery: 'Ardbeg', status: 'Ready' });
  const api = seedApi({ casks: [doomed, aCask({ name: 'Stays', status: 'Ready' })] });
  const { user } = await renderApp({ route: '/cask' });
  await screen.findByText('Doomed');
  expect(card('Ready Casks')).toHaveTextContent('2');
  await user.click(
    within(bodyRows(table('Cask List'))[0]!).getByRole('button', { name: 'Delete' }),
  );
  const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
  expect(dialog).toHaveTextContent('Are you sure you want to delete cask Doomed from Ardbeg?');
  expect(dialog).toHaveTextContent('This action cannot be undone.');
  await user.click(within(dialog).getByRole('button', { name: 'Delete Cask' }));

  expect(await screen.findByText('Cask deleted successfully!')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Doomed')).not.toBeInTheDocument());
  expect(card('Ready Casks')).toHaveTextContent('1');
  expect(card('Total Casks')).toHaveTextContent('1');

  // Issue 31 (decision 273): the toast's 'Undo' sends the cask's restore and the row is back.
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Undone: cask Doomed is back.')).toBeInTheDocument();
  expect(await within(table('Cask List')).findByText('Doomed')).toBeVisible();
  await waitFor(() => expect(card('Ready Casks')).toHaveTextContent('2'));
  expect(api.sent('POST', '/api/casks/bulk/deleted').map((sent) => sent.body)).toEqual([
    { changes: [{ id: doomed.id, deleted: false }] },
  ]);
}, 40_000);
