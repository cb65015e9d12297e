import { orderListDefinition } from '@cask/contracts/orders';
import { listQuery, type ListPage } from '@/lib/list-query.ts';

/**
 * `GET /purchases` (docs/screens/orders.md#api-calls): page (ORDERS_PAGE_SIZE a page), a search
 * over all orders, a status, the Ordered range and sort, all from the list's definition in the
 * contracts (lib/list-query.ts).
 */
export const orderList = listQuery(orderListDefinition, ['orders']);

export type OrderPage = ListPage<typeof orderListDefinition.response>;

/** Every orders query starts with this key, so a save or a deletion reaches them all. */
export const ordersKey = orderList.key;
