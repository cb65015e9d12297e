import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import {
  ada,
  aCask,
  aCustomer,
  anOffer,
  anOrder,
  seedApi,
  server,
  http,
  apiError,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { activeOption, combobox, dialog } from '@/testing/queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The palette's field (a combobox), by a part of its name. */
const FIELD = /Search customers, casks/;

test("Ctrl+K opens 'Search everything' with the focus in its field", async () => {
  const { user } = await renderApp({ route: '/' });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  await waitFor(() => expect(combobox(FIELD)).toHaveFocus());
  expect(
    screen.getByText('Type to search customers, casks, orders and offers.'),
  ).toBeInTheDocument();
});

test("the header's 'Search' opens the palette too, and Escape closes it", async () => {
  const { user } = await renderApp({ route: '/' });
  const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Search' });
  await user.click(button);
  await dialog('Search everything');
  await user.keyboard('{Escape}');
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Search everything' })).not.toBeInTheDocument(),
  );
  expect(button).toHaveFocus();
});

test('a customer found by part of the e-mail opens with ArrowDown and Enter', async () => {
  const morag = aCustomer({ fullName: 'Morag Henderson', email: 'morag.h@glen.example' });
  const api = seedApi({
    customers: [aCustomer({ fullName: 'Ewan Reid', email: 'ewan@glen.example' }), morag],
  });
  const { user, router } = await renderApp({ route: '/' });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  await user.type(combobox(FIELD), 'GLEN.EX');

  const listbox = await screen.findByRole('listbox', { name: 'Results' });
  const customers = await within(listbox).findByRole('group', { name: 'Customers' });
  const options = within(customers).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'Ewan Reidewan@glen.example',
    'Morag Hendersonmorag.h@glen.example',
  ]);
  expect(api.sent('GET', '/api/search').at(-1)?.query).toEqual({ q: 'GLEN.EX' });
  expect(screen.getByRole('status')).toHaveTextContent('2 results.');

  // The first option is highlighted; ArrowDown moves on, ArrowUp back and round.
  expect(activeOption(combobox(FIELD))).toBe(options[0]);
  expect(options[0]).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowDown}');
  expect(activeOption(combobox(FIELD))).toBe(options[1]);
  await user.keyboard('{ArrowDown}');
  expect(activeOption(combobox(FIELD))).toBe(options[0]);
  await user.keyboard('{ArrowUp}');
  expect(activeOption(combobox(FIELD))).toBe(options[1]);
  await user.keyboard('{Enter}');

  await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${morag.id}`));
  expect(screen.queryByRole('dialog', { name: 'Search everything' })).not.toBeInTheDocument();
});

test('casks, orders and offers open their page, their customer and the Offers list', async () => {
  const customer = aCustomer({ fullName: 'Isla Grant' });
  const cask = aCask({ name: 'Sherry butt 7', distillery: 'Glenfarclas' });
  const order = anOrder({
    title: 'Glenfarclas 1998',
    user: { id: customer.id, fullName: 'Isla Grant' },
  });
  const offer = anOffer({ title: 'Glenfarclas tasting' });
  seedApi({
    customers: [customer],
    casks: [cask],
    orders: [order],
    offers: [offer],
  });
  const { user, router } = await renderApp({ route: '/' });

  const open = async () => {
    await user.keyboard('{Control>}k{/Control}');
    await dialog('Search everything');
    await user.type(combobox(FIELD), 'glenfarclas');
    return screen.findByRole('listbox', { name: 'Results' });
  };
  const choose = async (group: string, name: RegExp) => {
    const listbox = await open();
    const option = within(await within(listbox).findByRole('group', { name: group })).getByRole(
      'option',
      { name },
    );
    while (activeOption(combobox(FIELD)) !== option) await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
  };

  await choose('Casks', /Sherry butt 7/);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/cask/${cask.id}`));
  await choose('Orders', /Glenfarclas 1998/);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/user/${customer.id}`));
  await choose('Offers', /Glenfarclas tasting/);
  await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
  expect(router.state.location.search).toBe('?q=Glenfarclas+tasting');
});

test("'Add Cask' opens the Cask List with its Add dialog", async () => {
  const { user, router } = await renderApp({ route: '/' });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  await user.type(combobox(FIELD), 'add c');
  const listbox = screen.getByRole('listbox', { name: 'Results' });
  expect(within(listbox).getByRole('option', { name: 'Add Cask' })).toBe(
    activeOption(combobox(FIELD)),
  );
  await user.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/cask'));
  expect(await screen.findByRole('dialog', { name: /Add/ })).toBeInTheDocument();
});

test('screens are offered by name before anything is typed', async () => {
  const { user, router } = await renderApp({ route: '/' });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  const screens = within(screen.getByRole('listbox', { name: 'Results' })).getByRole('group', {
    name: 'Screens',
  });
  expect(within(screens).getByRole('option', { name: 'Audit Log' })).toBeInTheDocument();
  await user.type(combobox(FIELD), 'securi');
  await user.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/setting/security'));
});

test('a Viewer is offered no action that changes something', async () => {
  const { user } = await renderApp({ route: '/', profile: { ...ada, role: 'viewer' } });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  const listbox = screen.getByRole('listbox', { name: 'Results' });
  expect(within(listbox).queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
  expect(within(listbox).queryByRole('option', { name: 'Add Cask' })).not.toBeInTheDocument();
  expect(within(listbox).getByRole('option', { name: 'Cask' })).toBeInTheDocument();
});

test("only an Owner is offered 'Invite Admin'", async () => {
  const { user } = await renderApp({ route: '/', profile: { ...ada, role: 'owner' } });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  await user.type(combobox(FIELD), 'invite');
  expect(
    within(screen.getByRole('listbox', { name: 'Results' })).getByRole('option', {
      name: 'Invite Admin',
    }),
  ).toBeInTheDocument();
});

test('nothing found and a failed search are told', async () => {
  seedApi();
  const { user } = await renderApp({ route: '/' });
  await user.keyboard('{Control>}k{/Control}');
  await dialog('Search everything');
  await user.type(combobox(FIELD), 'zzqx');
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent('No results for “zzqx”.'),
  );
  expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  expect(combobox(FIELD)).toHaveAttribute('aria-expanded', 'false');

  server.use(http.get('/api/search', () => apiError(500)));
  await user.type(combobox(FIELD), 'w');
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent('Could not search. Try again.'),
  );
});

test("'?' outside a text field shows the keyboard shortcuts; typed in a field it is text", async () => {
  const { user } = await renderApp({ route: '/cask' });
  const search = await screen.findByRole('searchbox');
  await user.type(search, '?');
  expect(search).toHaveValue('?');
  expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();

  search.blur();
  await user.keyboard('?');
  const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(within(dialog).getByRole('row', { name: /Open 'Search everything'/ })).toHaveTextContent(
    /Ctrl\s*K/,
  );
});

// Moved from e2e/tests/palette.spec.ts (issue 43, docs/decisions/384).
test("the header's 'Search' puts the focus in the field, and 'add cask' with Enter opens the Add dialog", async () => {
  const { user, router } = await renderApp({ route: '/' });
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Search' }));
  await dialog('Search everything');
  await waitFor(() => expect(combobox(FIELD)).toHaveFocus());
  await user.keyboard('add cask');
  await waitFor(() => expect(activeOption(combobox(FIELD))).toHaveTextContent(/^Add Cask$/));
  await user.keyboard('{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/cask'));
  expect(await screen.findByRole('dialog', { name: /Add/ })).toBeInTheDocument();
});

test("Escape closes the keyboard shortcuts that '?' opened", async () => {
  const { user } = await renderApp({ route: '/' });
  await user.keyboard('?');
  await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
  await user.keyboard('{Escape}');
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument(),
  );
});
