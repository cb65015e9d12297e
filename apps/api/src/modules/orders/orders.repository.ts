import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, UpdateOrderBody } from '@cask/contracts/orders';
import type { Db, DbOrTx } from '../../db/client.ts';
import { counterReader } from '../../db/counter-reads.ts';
import { admins } from '../../db/schema/admins.ts';
import { COUNTER_NAMES } from '../../db/schema/counters.ts';
import { customers } from '../../db/schema/customers.ts';
import { purchaseNotes, purchases } from '../../db/schema/purchases.ts';

/** One entry of the notes history as the database gives it (inside a JSON array). */
export interface NoteRow {
  id: string;
  content: string;
  adminName: string | null;
  /** ISO 8601 in UTC, written by PostgreSQL. */
  createdAt: string;
}

export interface OrderRow {
  id: string;
  customerName: string;
  contactFullName: string | null;
  contactEmail: string | null;
  preferredContactMethod: string | null;
  phoneNumber: string | null;
  title: string;
  /** Exact numeric text. */
  investmentAmount: string;
  status: OrderStatus;
  caskProgress: 'Ready' | 'Maturing' | null;
  manualPaymentStatus: 'paid' | 'refunded' | 'Delivered' | 'due' | 'completed';
  notes: NoteRow[];
  isFirstPurchase: boolean;
  referralPointsAmount: number;
  submittedDate: Date;
  daysLeft: number | null;
}

export interface OrderFilter {
  /** A `%term%` ILIKE pattern (see containsPattern), or undefined for no search. */
  pattern?: string | undefined;
  status?: OrderStatus | undefined;
}

/**
 * The visible orders a filter matches. The search is served by the two partial trigram indexes
 * and the status by purchases_status_idx, so the condition keeps their `deleted_at is null`.
 */
function visibleOrders(filter: OrderFilter): SQL | undefined {
  return and(
    isNull(purchases.deletedAt),
    filter.status === undefined ? undefined : eq(purchases.status, filter.status),
    filter.pattern === undefined
      ? undefined
      : or(
          ilike(purchases.contactFullName, filter.pattern),
          ilike(purchases.title, filter.pattern),
        ),
  );
}

/** The whole notes history of the order `purchaseId` names, oldest first, as a JSON array. */
function notesHistory(purchaseId: SQL | typeof purchases.id) {
  return sql<NoteRow[]>`coalesce((
    select json_agg(json_build_object(
      'id', ${purchaseNotes.id},
      'content', ${purchaseNotes.content},
      'adminName', ${admins.fullName},
      'createdAt', to_char(${purchaseNotes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by ${purchaseNotes.createdAt}, ${purchaseNotes.id})
    from ${purchaseNotes} left join ${admins} on ${admins.id} = ${purchaseNotes.adminId}
    where ${purchaseNotes.purchaseId} = ${purchaseId}), '[]'::json)`;
}

const STATUS_COUNTERS = ['Active', 'Pending', 'Delivered', 'Reject'].map((status) =>
  COUNTER_NAMES.purchaseStatus(status as OrderStatus),
);

const readCounters = counterReader(
  [COUNTER_NAMES.purchases, COUNTER_NAMES.purchasesSearchVersion, ...STATUS_COUNTERS],
  'read_order_counters',
);

/**
 * The maintained counters of visible orders (migrations 0004, 0007, 0011): the total, one per
 * status and the search version, exact and read in one statement.
 */
export async function readOrderCounters(db: Db): Promise<{
  total: number;
  searchVersion: number;
  byStatus: Record<OrderStatus, number>;
}> {
  const value = await readCounters(db);
  return {
    total: value(COUNTER_NAMES.purchases),
    searchVersion: value(COUNTER_NAMES.purchasesSearchVersion),
    byStatus: {
      Active: value(COUNTER_NAMES.purchaseStatus('Active')),
      Pending: value(COUNTER_NAMES.purchaseStatus('Pending')),
      Delivered: value(COUNTER_NAMES.purchaseStatus('Delivered')),
      Reject: value(COUNTER_NAMES.purchaseStatus('Reject')),
    },
  };
}

/** The exact number of visible orders a search matches, counted through the trigram indexes. */
export async function countOrderMatches(db: DbOrTx, filter: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(purchases)
    .where(visibleOrders(filter));
  return row?.total ?? 0;
}

// PostgreSQL never flattens a subquery with an OFFSET, so `OFFSET 0` makes it collect the
// matches through the trigram indexes on its own instead of walking the listing index with a
// LIMIT it guessed would stop early (as in customers.repository.ts). Drizzle drops a numeric 0.
const OPTIMIZATION_FENCE = sql`0` as unknown as number;

export interface OrderWindow {
  filter: OrderFilter;
  /**
   * 'newest-first': walk the listing (or status) index newest first, filtering as it goes: right
   * when the filter matches many. 'matches-first': collect every match, then sort: right when few.
   */
  read: 'newest-first' | 'matches-first';
  limit: number;
  offset: number;
}

/**
 * One page of orders, newest first. The page is chosen first (a subquery over purchases alone);
 * the customer's name and the notes history are then read for its rows only.
 */
export async function selectOrderPage(db: Db, window: OrderWindow): Promise<OrderRow[]> {
  const where = visibleOrders(window.filter);
  const ids =
    window.read === 'matches-first'
      ? (() => {
          const matches = db
            .select({ id: purchases.id, createdAt: purchases.createdAt })
            .from(purchases)
            .where(where)
            .offset(OPTIMIZATION_FENCE)
            .as('matches');
          return db
            .select({ id: matches.id, createdAt: matches.createdAt })
            .from(matches)
            .orderBy(desc(matches.createdAt), desc(matches.id))
            .limit(window.limit)
            .offset(window.offset)
            .as('page');
        })()
      : db
          .select({ id: purchases.id, createdAt: purchases.createdAt })
          .from(purchases)
          .where(where)
          .orderBy(desc(purchases.createdAt), desc(purchases.id))
          .limit(window.limit)
          .offset(window.offset)
          .as('page');
  return db
    .select({ ...orderColumns, notes: notesHistory(purchases.id) })
    .from(ids)
    .innerJoin(purchases, eq(purchases.id, ids.id))
    .innerJoin(customers, eq(customers.id, purchases.customerId))
    .orderBy(desc(ids.createdAt), desc(ids.id));
}

const orderColumns = {
  id: purchases.id,
  customerName: customers.fullName,
  contactFullName: purchases.contactFullName,
  contactEmail: purchases.contactEmail,
  preferredContactMethod: purchases.preferredContactMethod,
  phoneNumber: purchases.phoneNumber,
  title: purchases.title,
  investmentAmount: purchases.investmentAmount,
  status: purchases.status,
  caskProgress: purchases.caskProgress,
  manualPaymentStatus: purchases.manualPaymentStatus,
  isFirstPurchase: purchases.isFirstPurchase,
  referralPointsAmount: purchases.referralPointsAmount,
  submittedDate: purchases.submittedDate,
  daysLeft: purchases.daysLeft,
};

/** One visible order with its notes history. */
export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select({ ...orderColumns, notes: notesHistory(purchases.id) })
    .from(purchases)
    .innerJoin(customers, eq(customers.id, purchases.customerId))
    .where(and(eq(purchases.id, id), isNull(purchases.deletedAt)));
  return row;
}

/**
 * Locks a visible order's row for the rest of the transaction (two admins saving the same order
 * take turns) and returns what an edit may change, with the content of its last note.
 */
export async function lockOrder(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: purchases.id,
      title: purchases.title,
      customerId: purchases.customerId,
      investmentAmount: purchases.investmentAmount,
      status: purchases.status,
      caskProgress: purchases.caskProgress,
      manualPaymentStatus: purchases.manualPaymentStatus,
    })
    .from(purchases)
    .where(and(eq(purchases.id, id), isNull(purchases.deletedAt)))
    .for('update');
  if (!row) return undefined;
  const [last] = await tx
    .select({ content: purchaseNotes.content })
    .from(purchaseNotes)
    .where(eq(purchaseNotes.purchaseId, id))
    .orderBy(desc(purchaseNotes.createdAt), desc(purchaseNotes.id))
    .limit(1);
  return { ...row, lastNote: last?.content ?? null };
}

export async function updateOrderFields(
  tx: DbOrTx,
  id: string,
  fields: Omit<UpdateOrderBody, 'notes'>,
): Promise<void> {
  await tx
    .update(purchases)
    .set({
      status: fields.status,
      caskProgress: fields.caskProgress,
      manualPaymentStatus: fields.manualPaymentStatus,
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, id));
}

/**
 * Appends a note. Its time is the clock's at the insert, not the transaction's start: a save that
 * waited for another admin's lock is later in the history than the save it waited for.
 */
export async function appendOrderNote(
  tx: DbOrTx,
  note: { purchaseId: string; content: string; adminId: string },
): Promise<void> {
  await tx.insert(purchaseNotes).values({ ...note, createdAt: sql`clock_timestamp()` });
}

/** Hides a visible order; returns when, or undefined when it was not visible. */
export async function softDeleteOrder(tx: DbOrTx, id: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(purchases)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(purchases.id, id), isNull(purchases.deletedAt)))
    .returning({ deletedAt: purchases.deletedAt });
  return row?.deletedAt ?? undefined;
}
