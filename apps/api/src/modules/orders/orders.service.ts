import {
  ORDER_STATUSES,
  type Order,
  type OrderListParams,
  type OrderStats,
  type UpdateOrderBody,
} from '@cask/contracts/orders';
import type { Pagination } from '@cask/contracts/common';
import type { Db } from '../../db/client.ts';
import { writeAudit, type Actor } from '../../db/audit.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { createVersionedCounts } from '../../lib/versioned-counts.ts';
import { containsPattern } from '../customers/customers.repository.ts';
import {
  appendOrderNote,
  countOrderMatches,
  findOrder,
  lockOrder,
  readOrderCounters,
  selectOrderPage,
  softDeleteOrder,
  updateOrderFields,
  type OrderRow,
} from './orders.repository.ts';

export const ORDER_NOT_FOUND = 'Order not found';

// Exact search counts by status and pattern, kept while the orders' search version stays.
const exactMatchCount = createVersionedCounts();

/**
 * What collecting one match costs against stepping over one entry of the index walk: a heap fetch
 * and recheck of a trigram match against an index-only step (measured at 250,000 orders: about
 * 5 µs against well under 1 µs; 20 leaves room for a status filter the trigram scan cannot use).
 */
const MATCH_COST = 20;

function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    user: { fullName: row.customerName },
    personalInfo: {
      fullName: row.contactFullName,
      email: row.contactEmail,
      preferredContactMethod: row.preferredContactMethod,
      phoneNumber: row.phoneNumber,
    },
    title: row.title,
    investmentAmount: Number(row.investmentAmount),
    status: row.status,
    caskProgress: row.caskProgress,
    manualPaymentStatus: row.manualPaymentStatus,
    notes: row.notes.map((note) => ({
      id: note.id,
      content: note.content,
      admin: note.adminName === null ? null : { fullName: note.adminName },
      createdAt: note.createdAt,
    })),
    isFirstPurchase: row.isFirstPurchase,
    referralPointsAmount: row.referralPointsAmount,
    submittedDate: row.submittedDate.toISOString(),
    daysLeft: row.daysLeft,
  };
}

export function createOrdersService(deps: { db: Db }) {
  const { db } = deps;

  async function mustFind(id: string, dbOrTx: Parameters<typeof findOrder>[0] = db) {
    const row = await findOrder(dbOrTx, id);
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
    return toOrder(row);
  }

  return {
    /**
     * Spec 001 §7 GET /purchases, searched over all orders on the server (decision 152). The stats
     * and the unfiltered totals are the maintained counters; only a search counts its matches.
     */
    async list(
      query: OrderListParams,
    ): Promise<{ purchases: Order[]; stats: OrderStats; pagination: Pagination }> {
      const { page, limit, status } = query;
      const pattern = query.search === undefined ? undefined : containsPattern(query.search);
      const counts = await readOrderCounters(db);
      const scope = status === undefined ? counts.total : counts.byStatus[status];
      // The version is read before the count, so a count is never tagged newer than its data.
      const total =
        pattern === undefined
          ? scope
          : await exactMatchCount(
              db,
              `${status ?? ''}:${pattern}`,
              counts.searchVersion,
              async () => ({
                total: await countOrderMatches(db, { pattern, status }),
                version: counts.searchVersion,
              }),
            );
      const stats: OrderStats = {
        overall: { totalPurchases: counts.total },
        byStatus: ORDER_STATUSES.map((value) => ({ _id: value, count: counts.byStatus[value] })),
      };
      const pagination = { current: page, pages: Math.ceil(total / limit), total, limit };
      const offset = (page - 1) * limit;
      if (offset >= total) return { purchases: [], stats, pagination };
      // Walking the index reads about (offset + limit) * scope / total entries before the page is
      // full, index-only; collecting the matches fetches at least `total` rows from the table,
      // each costing about MATCH_COST entries. Few matches: collect them (decision 152).
      const read =
        total * total * MATCH_COST < (offset + limit) * scope ? 'matches-first' : 'newest-first';
      const rows = await selectOrderPage(db, {
        filter: { pattern, status },
        read,
        limit,
        offset,
      });
      return { purchases: rows.map(toOrder), stats, pagination };
    },

    /**
     * Spec 001 §7 PUT /purchases/{id}/status. The row is locked first, so two admins saving the
     * same order take turns: each compares its notes with the last entry the other left, and
     * notes that differ are appended, never written over (decision 150). Audited with before and
     * after.
     */
    async update(id: string, body: UpdateOrderBody, actor: Actor): Promise<Order> {
      return db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        if (!before) throw new NotFoundError(ORDER_NOT_FOUND);
        const notes = body.notes.trim();
        const noteAdded = notes !== (before.lastNote ?? '');
        await updateOrderFields(tx, id, body);
        if (noteAdded)
          await appendOrderNote(tx, { purchaseId: id, content: notes, adminId: actor.adminId });
        await writeAudit(tx, {
          adminId: actor.adminId,
          action: 'order.updated',
          entity: 'purchase',
          entityId: id,
          before: {
            status: before.status,
            caskProgress: before.caskProgress,
            manualPaymentStatus: before.manualPaymentStatus,
            notes: before.lastNote,
          },
          after: {
            status: body.status,
            caskProgress: body.caskProgress,
            manualPaymentStatus: body.manualPaymentStatus,
            notes: noteAdded ? notes : before.lastNote,
          },
          ip: actor.ip,
        });
        return mustFind(id, tx);
      });
    },

    /**
     * Spec 001 §7 DELETE /purchases/{id}: the order is hidden, never erased (decision 151); the
     * counters, and with them the stats, the dashboard and the reward sums, leave it out in the
     * same transaction. Deleting twice answers 404 like an unknown id.
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
