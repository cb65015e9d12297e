import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { manyOrders, seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { bodyRows, card, findTable, pagination, searchBox, table } from '@/testing/queries.ts';

// Moved from e2e/tests/orders.spec.ts (issue 43, docs/decisions/384): what the Order List shows
// of its pages and of a search that finds nothing (docs/screens/orders.md).

afterEach(() => {
  toast.remove();
});

// The file's first test loads the screen's lazy module: over 15 s on a busy 2-core machine.
test('20 orders a page: the count reads Showing 20 of the total, and page 2 is current when chosen', async () => {
  seedApi({ orders: manyOrders(45) });
  const { user } = await renderApp({ route: '/orders' });
  await within(await findTable('Order List')).findByText('Order 1');

  expect(card('Total Orders')).toHaveTextContent('45');
  expect(bodyRows(table('Order List'))).toHaveLength(20);
  expect(
    within(pagination('Orders pagination')).getByText('Showing 20 of 45 orders'),
  ).toBeVisible();

  await user.click(within(pagination('Orders pagination')).getByRole('button', { name: 'Page 2' }));
  expect(await within(table('Order List')).findByText('Order 21')).toBeVisible();
  expect(
    within(pagination('Orders pagination')).getByRole('button', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page');
  expect(bodyRows(table('Order List'))).toHaveLength(20);
}, 40_000);

test("a search that matches nothing says 'No purchases found.'", async () => {
  seedApi({ orders: manyOrders(3) });
  const { user } = await renderApp({ route: '/orders' });
  await within(await findTable('Order List')).findByText('Order 1');

  await user.type(searchBox('Search orders'), 'zzqx');
  expect(await within(table('Order List')).findByText('No purchases found.')).toBeVisible();
  expect(screen.queryByText('Order 1')).not.toBeInTheDocument();
});
