import { z } from 'zod';
import {
  updateOrderBody,
  type Order,
  type OrderListParams,
  type OrderDeletedChanges,
  type OrderStatusChanges,
} from '@cask/contracts/orders';
import { applyBulk } from '../../db/bulk.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { assertRecordVersion, versionOf } from '../../lib/preconditions.ts';
import {
  approvalLink,
  type ApprovableAction,
  type ApprovedActor,
} from '../approvals/approvable.ts';
import { APPROVERS } from '../approvals/approvals.service.ts';
import {
  createOrderList,
  findOrder,
  orderStats,
  orderDeletedBulk,
  orderStatusBulk,
  lockOrder,
  softDeleteOrder,
  saveOrder,
} from './orders.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { ordersExport } from './orders.repository.ts';

export const ORDER_NOT_FOUND = 'Order not found';

export function createOrdersService(deps: { database: Database }) {
  const { db } = deps.database;
  const readOrderList = createOrderList(deps.database);

  async function mustFind(id: string, dbOrTx: Parameters<typeof findOrder>[0] = db) {
    const order = await findOrder(dbOrTx, id);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  return {
    /** GET /purchases/{id}: one order as the list shows it, with its version (decision 208). */
    async get(id: string): Promise<Order> {
      return mustFind(id);
    },

    /**
     * docs/screens/orders.md#api-calls GET /purchases, searched over all orders on the server
     * (decision 152). The stats and the unfiltered totals are the maintained counters; only a
     * search counts its matches (db/list.ts).
     */
    async list(query: OrderListParams) {
      const answer = await readOrderList(query);
      const stats = orderStats(answer.counter);
      return { purchases: answer.items, stats, pagination: answer.pagination };
    },

    /**
     * Issue 31: the chosen orders' statuses in one transaction, each audited; when an order cannot
     * be changed (deleted, unknown), none is and the 409 names each (db/bulk.ts).
     */
    async setStatuses(body: OrderStatusChanges, actor: Actor) {
      const changes = body.changes.map(({ id, status }) => ({ id, value: { status } }));
      return applyBulk(deps.database, orderStatusBulk, { changes, bulkId: body.bulkId }, actor);
    },

    /**
     * Issue 31: hides the chosen orders or brings them back (the undo of a delete,
     * docs/architecture.md#deletes), all or none, each audited ('order.deleted', 'order.restored').
     */
    async setDeleted(body: OrderDeletedChanges, actor: Actor) {
      const changes = body.changes.map(({ id, deleted }) => ({ id, value: { deleted } }));
      return applyBulk(deps.database, orderDeletedBulk, { changes, bulkId: body.bulkId }, actor);
    },

    /**
     * docs/screens/orders.md#api-calls DELETE /purchases/{id}: the order is hidden, never erased
     * (decision 151); the counters, and with them the stats, the dashboard and the reward sums,
     * leave it out in the same transaction. Deleting twice answers 404 like an unknown id.
     */
    async remove(id: string, actor: Actor): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        if (!before) throw new NotFoundError(ORDER_NOT_FOUND);
        const deletedAt = await softDeleteOrder(tx, id);
        if (!deletedAt) throw new NotFoundError(ORDER_NOT_FOUND);
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'order.deleted',
          entity: 'purchase',
          entityId: id,
          before: {
            title: before.title,
            customerId: before.customerId,
            investmentAmount: before.investmentAmount,
            status: before.status,
            manualPaymentStatus: before.manualPaymentStatus,
          },
          after: { deletedAt: deletedAt.toISOString() },
          ip: actor.ip,
        });
        return { id };
      });
    },
  };
}

/** An order's save as its route takes it: the body and the versions its If-Match names. */
const orderSave = updateOrderBody.extend({ expected: z.array(z.string()).readonly().optional() });
export type OrderSave = z.output<typeof orderSave>;

/**
 * docs/screens/orders.md#api-calls PUT /purchases/{id}/status. The row is locked first, so two
 * admins saving the same order take turns: each compares its notes with the last entry the other
 * left, and notes that differ are appended, never written over (decision 150). Audited with before
 * and after. A save naming a version (If-Match) that is no longer current changes nothing: 412.
 * saveOrder (one statement, its own transaction, decision 389) or,
 * on approval, in the approval's transaction, and the order as it is then; on approval its audit
 * row names the approval (issue 45).
 */
async function saveOrderIn(db: DbOrTx, id: string, save: OrderSave, actor: ApprovedActor) {
  const { expected, ...body } = save;
  await saveOrder(db, id, body, actor, expected, () => new NotFoundError(ORDER_NOT_FOUND), {
    auditAfter: approvalLink(actor),
  });
  const order = await findOrder(db, id);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  return order;
}

/**
 * An order's status to Delivered as an approvable action (issue 45, decision 421): sent for
 * approval when the policy has 'Order status to Delivered above' on, the order is not Delivered
 * yet and its investment is above the budget. Its version is the order's (If-Match's): a named
 * version that is not current is refused when asked (412), and any change of the order since
 * makes the request Outdated.
 */
export const orderDelivered: ApprovableAction<OrderSave, Order> = {
  action: 'orderDelivered',
  entity: 'purchase',
  approvers: APPROVERS.orderDelivered,
  body: orderSave,
  async needsApproval(policy, body, record) {
    if (body.status !== 'Delivered' || record.id === null) return false;
    const { orderDelivered } = await policy();
    if (!orderDelivered.on) return false;
    const order = await findOrder(record.db, record.id);
    return (
      order !== undefined &&
      order.status !== 'Delivered' &&
      order.investmentAmount > orderDelivered.above
    );
  },
  async describe(tx, recordId, body) {
    const order = recordId === null ? undefined : await lockOrder(tx, recordId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    assertRecordVersion(body.expected, order.updatedAt);
    const amount = Number(order.investmentAmount).toLocaleString('en-US');
    return {
      version: versionOf(order.updatedAt),
      record: order.title,
      summary: `Status: ${order.status} -> ${body.status} ($${amount})`,
      before: {
        status: order.status,
        caskProgress: order.caskProgress,
        manualPaymentStatus: order.manualPaymentStatus,
      },
      after: {
        status: body.status,
        caskProgress: body.caskProgress,
        manualPaymentStatus: body.manualPaymentStatus,
        notes: body.notes,
      },
    };
  },
  run: (db, recordId, body, actor) => saveOrderIn(db, recordId ?? '', body, actor),
};
