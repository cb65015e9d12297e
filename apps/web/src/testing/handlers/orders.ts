import { http } from 'msw';
import {
  BULK_ORDER_NEEDS_APPROVAL,
  BULK_ORDER_NOT_FOUND,
  ORDER_STATUSES,
  type DeleteOrderResponse,
  type OrderDeletedChanges,
  type OrderDeletedChangesResponse,
  type OrderListResponse,
  type OrderStatusChanges,
  type OrderStatusChangesResponse,
  type UpdateOrderBody,
  type UpdateOrderResponse,
} from '@cask/contracts/orders';
import { testUuid } from '../factories.ts';
import {
  bodyOf,
  bulkIdOf,
  bulkRefusal,
  etag,
  json,
  nextVersion,
  notFound,
  page,
  queryOf,
  refuseStaleSave,
} from '../respond.ts';
import { sendForApproval } from './approvals.ts';
import { db, deleteRow, listsReleased, restoreRow } from '../store.ts';

const orderOf = (id: unknown) => db().orders.find((o) => o._id === id);

/** Orders (modules/orders, the API's `/purchases`), newest first. */
export const ordersHandlers = [
  http.get('/api/purchases', async ({ request }) => {
    await listsReleased();
    const query = queryOf(request);
    const state = db();
    const search = (query.search ?? '').trim().toLowerCase();
    const matches = state.orders.filter(
      (o) =>
        (!query.status || o.status === query.status) &&
        (!query.orderedFrom || o.createdAt >= new Date(query.orderedFrom).toISOString()) &&
        (!query.orderedTo || o.createdAt < new Date(query.orderedTo).toISOString()) &&
        ((o.personalInfo.fullName ?? '').toLowerCase().includes(search) ||
          o.title.toLowerCase().includes(search) ||
          o.reference.toLowerCase().includes(search)),
    );
    const { rows, pagination } = page(matches, query, 20);
    return json(200, {
      success: true,
      data: {
        purchases: rows,
        stats: {
          overall: { totalPurchases: state.orders.length },
          byStatus: ORDER_STATUSES.map((status) => ({
            _id: status,
            count: state.orders.filter((o) => o.status === status).length,
          })),
        },
        pagination,
      },
    } satisfies OrderListResponse);
  }),
  http.post('/api/purchases/bulk/deleted', async ({ request }) => {
    const body = await bodyOf<OrderDeletedChanges>(request);
    const done = body.changes.map(({ id }) => {
      restoreRow('orders', id);
      return { id, before: { deleted: true }, after: { deleted: false } };
    });
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies OrderDeletedChangesResponse);
  }),
  http.post('/api/purchases/bulk/status', async ({ request }) => {
    // All or nothing, as the API: an order not there, or one the Approvals policy would send for
    // approval (decision 438), fails the whole change (409).
    const body = await bodyOf<OrderStatusChanges>(request);
    const { orderDelivered } = db().approvalPolicy;
    const refused = body.changes.flatMap(({ id, status }, index) => {
      const order = orderOf(id);
      if (!order) return [{ index, message: BULK_ORDER_NOT_FOUND }];
      const needsApproval =
        orderDelivered.on &&
        status === 'Delivered' &&
        order.status !== 'Delivered' &&
        order.investmentAmount > orderDelivered.above;
      return needsApproval ? [{ index, message: BULK_ORDER_NEEDS_APPROVAL }] : [];
    });
    if (refused.length > 0) return bulkRefusal(body.changes.length, refused);
    const done = body.changes.map(({ id, status }) => {
      const changed = orderOf(id)!;
      const before = { status: changed.status };
      changed.status = status;
      return { id, before, after: { status } };
    });
    return json(200, {
      success: true,
      data: { bulkId: bulkIdOf(body), changes: done },
    } satisfies OrderStatusChangesResponse);
  }),
  http.get('/api/purchases/:id', ({ params }) => {
    const order = orderOf(params.id);
    if (!order) return notFound('Order not found');
    return json(
      200,
      { success: true, data: { purchase: order } } satisfies UpdateOrderResponse,
      etag(order.version),
    );
  }),
  http.put('/api/purchases/:id/status', async ({ request, params }) => {
    const order = orderOf(params.id);
    if (!order) return notFound('Order not found');
    const stale = refuseStaleSave(request, order.version);
    if (stale) return stale;
    const { notes, reason, ...fields } = await bodyOf<UpdateOrderBody>(request);
    // Issue 45: to Delivered above the Approvals policy's budget, sent for approval.
    const { orderDelivered } = db().approvalPolicy;
    if (
      orderDelivered.on &&
      fields.status === 'Delivered' &&
      order.status !== 'Delivered' &&
      order.investmentAmount > orderDelivered.above
    ) {
      return sendForApproval(reason, {
        action: 'orderDelivered',
        recordId: order._id,
        record: order.title,
        summary: `Status: ${order.status} -> Delivered`,
        before: { status: order.status },
        after: { status: 'Delivered' },
      });
    }
    Object.assign(order, fields, { version: nextVersion(order.version) });
    if (notes.trim() !== (order.notes.at(-1)?.content ?? '')) {
      order.notes = [
        ...order.notes,
        {
          id: testUuid(),
          content: notes.trim(),
          admin: { fullName: db().profile.fullName },
          createdAt: new Date().toISOString(),
        },
      ];
    }
    return json(200, {
      success: true,
      message: 'Order updated successfully!',
      data: { purchase: order },
    } satisfies UpdateOrderResponse);
  }),
  http.delete('/api/purchases/:id', ({ params }) => {
    const order = orderOf(params.id);
    if (!order) return notFound('Order not found');
    deleteRow('orders', order);
    return json(200, {
      success: true,
      message: 'Order deleted successfully!',
      data: { id: order._id },
    } satisfies DeleteOrderResponse);
  }),
];
