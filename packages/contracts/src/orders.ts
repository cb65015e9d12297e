import { z } from 'zod';
import {
  bulkAnswer,
  bulkChanges,
  deletedAnswer,
  deletedChanges,
  okEnvelope,
  pageQuery,
  pagination,
  recordVersion,
  searchParam,
  sortParam,
  text,
} from './common.ts';
import { approvalReason } from './approval-request.ts';
import { defineList } from './lists.ts';
import { ORDER_LIST, ORDER_SORTS, ORDER_STATUSES, ORDERS_PAGE_SIZE } from './lists-plain.ts';

/** docs/screens/orders.md#limits: the Orders screen shows 20 orders a page (./lists-plain.ts). */
export { ORDERS_PAGE_SIZE };
/** A bound on one note, far above a real one, so a pasted document is refused with a message. */
export const ORDER_NOTES_MAX = 2000;

/**
 * docs/screens/orders.md: all freely selectable by the admin (the database's CHECK constraints
 * agree); in ./lists-plain.ts, with the sorts, so the screen draws without zod.
 */
export { ORDER_SORTS, ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const CASK_PROGRESSES = ['Ready', 'Maturing'] as const;
export type CaskProgress = (typeof CASK_PROGRESSES)[number];
export const PAYMENT_STATUSES = ['paid', 'refunded', 'Delivered', 'due', 'completed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const orderStatus = z.enum(ORDER_STATUSES, {
  error: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
});

export const ORDERED_TIME_INVALID = 'Must be a date and time in ISO 8601 with its offset';
const orderedInstant = z.iso.datetime({ offset: true, error: ORDERED_TIME_INVALID }).optional();

/**
 * GET /purchases: docs/screens/orders.md#api-calls (page, limit default 20), plus `search` (a
 * case-insensitive substring of the customer's name or the order's title, or the order's reference:
 * 'ORD-00123' or '123', over all orders), `status` and the Ordered range (issue 41).
 */
export const orderListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
  search: searchParam,
  status: orderStatus.optional(),
  /** Ordered from this instant on (the start of the From day in the admin's time zone). */
  orderedFrom: orderedInstant,
  /** Ordered before this instant (the end of the To day). */
  orderedTo: orderedInstant,
  sort: sortParam(ORDER_SORTS),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
export type OrderListParams = z.output<typeof orderListQuery>;

/** One entry of an order's notes history: who wrote it and when. */
export const orderNote = z.object({
  id: z.uuid(),
  content: z.string(),
  /** The admin who saved it; null for imported notes or a deleted admin. */
  admin: z.object({ fullName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type OrderNote = z.infer<typeof orderNote>;

/**
 * docs/screens/orders.md#api-calls: an order. Money is dollars as a number (numeric(14,2) in the
 * database).
 */
export const order = z.object({
  _id: z.uuid(),
  /** The short reference, 'ORD-' and the order's number in order of creation (issue 41). */
  reference: z.string(),
  /** When the order was placed ('Ordered'; the list's `createdAt` sort). */
  createdAt: z.iso.datetime(),
  /** The customer; `id` opens their page (issue 30), given by the list. */
  user: z.object({ id: z.uuid().optional(), fullName: z.string() }),
  personalInfo: z.object({
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    preferredContactMethod: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  title: z.string(),
  investmentAmount: z.number(),
  status: z.enum(ORDER_STATUSES),
  caskProgress: z.enum(CASK_PROGRESSES).nullable(),
  manualPaymentStatus: z.enum(PAYMENT_STATUSES),
  /**
   * The notes history, oldest first; the screen shows the last entry
   * (docs/screens/orders.md#edit-order).
   */
  notes: z.array(orderNote),
  isFirstPurchase: z.boolean(),
  referralPointsAmount: z.number().int(),
  submittedDate: z.iso.datetime(),
  daysLeft: z.number().int().nullable(),
  /** Changes with every save; a save names it in If-Match (docs/decisions/208). */
  version: recordVersion,
});
export type Order = z.infer<typeof order>;

/** Exact, from the counters the database keeps (all visible orders, whatever the filters). */
export const orderStats = z.object({
  overall: z.object({ totalPurchases: z.number().int() }),
  byStatus: z.array(z.object({ _id: z.enum(ORDER_STATUSES), count: z.number().int() })),
});
export type OrderStats = z.infer<typeof orderStats>;

/** Newest first; `pagination.total` counts the orders the search and status filter match. */
export const orderListResponse = okEnvelope(
  z.object({ purchases: z.array(order), stats: orderStats, pagination }),
);
export type OrderListResponse = z.infer<typeof orderListResponse>;

/**
 * PUT /purchases/{id}/status: docs/screens/orders.md#api-calls. Notes arrive as one string ('' when
 * none); a save whose notes differ from the last entry appends an entry to the history, never
 * overwrites.
 */
export const updateOrderBody = z.object({
  status: orderStatus,
  caskProgress: z.enum(CASK_PROGRESSES, {
    error: `Progress must be one of ${CASK_PROGRESSES.join(', ')}`,
  }),
  manualPaymentStatus: z.enum(PAYMENT_STATUSES, {
    error: `Payment must be one of ${PAYMENT_STATUSES.join(', ')}`,
  }),
  notes: text({ error: 'Notes must be text' })
    .trim()
    .max(ORDER_NOTES_MAX, `Notes must be at most ${ORDER_NOTES_MAX} characters`),
  /** Required when the Approvals policy sends the save for approval (issue 45). */
  reason: approvalReason,
});
export type UpdateOrderBody = z.input<typeof updateOrderBody>;

export const updateOrderResponse = okEnvelope(z.object({ purchase: order }));
export type UpdateOrderResponse = z.infer<typeof updateOrderResponse>;

/** GET /purchases/{id}: one order, its version also in the ETag (docs/decisions/208). */
export const orderResponse = updateOrderResponse;
export type OrderResponse = UpdateOrderResponse;

/** DELETE /purchases/{id}: the order is hidden, its money history kept (decision 151). */
export const deleteOrderResponse = okEnvelope(z.object({ id: z.uuid() }));
export type DeleteOrderResponse = z.infer<typeof deleteOrderResponse>;

/**
 * POST /purchases/bulk/status (issue 31): the Order List's 'Set status' for the chosen orders, in
 * one transaction; undone by sending the answer's `before` statuses back.
 */
export const orderStatusChangesBody = bulkChanges({ status: orderStatus });
export type OrderStatusChanges = z.infer<typeof orderStatusChangesBody>;
export const orderStatusChangesResponse = bulkAnswer({ status: orderStatus });
export type OrderStatusChangesResponse = z.infer<typeof orderStatusChangesResponse>;
export const BULK_ORDER_NOT_FOUND = 'Order not found (deleted, or never there)';
/**
 * A bulk change to Delivered of an order the Approvals policy would send for approval (issue 45,
 * decision 438): the bulk does not ask for approval, so it refuses the order (409, nothing changed).
 */
export const BULK_ORDER_NEEDS_APPROVAL =
  'Needs approval (above the Approvals budget): set it to Delivered on its own, in Edit Order';

/**
 * POST /purchases/bulk/deleted (issue 31): hides orders as DELETE /purchases/{id} does
 * (`deleted: true`) and brings them back (`deleted: false`: the undo of a delete).
 */
export const orderDeletedChangesBody = deletedChanges();
export type OrderDeletedChanges = z.infer<typeof orderDeletedChangesBody>;
export const orderDeletedChangesResponse = deletedAnswer();
export type OrderDeletedChangesResponse = z.infer<typeof orderDeletedChangesResponse>;
export const BULK_ORDER_NOT_DELETED = 'Order is not deleted';

/** The Order List: its route, query and answer, for the API and the web app (lists.ts). */
export const orderListDefinition = defineList({
  ...ORDER_LIST,
  query: orderListQuery,
  response: orderListResponse,
});
