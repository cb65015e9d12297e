import { SEARCH_KIND_LIMIT, type SearchResults } from '@cask/contracts/search';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsPattern, searchTextSql } from '../../db/list.ts';
import { jsonObject } from '../../db/sql-fragments.ts';
import { orderNumberOf, orderReferenceSql } from '../../db/order-reference.ts';

/**
 * The palette's search (issue 31): each kind's first few matches, newest first, with the lists'
 * own conditions and indexes (decision 176): customers, casks and orders by their `search_text`
 * trigram index (partial `deleted_at is null`: deleted ones are never found, decision 273),
 * orders also by the reference the term names ('ORD-00123', '123': the unique number index),
 * offers (not retired) by the title's.
 * `pattern` is containsPattern's `%term%`, `orderNumber` the order number the term names (or
 * null): values of the statement.
 *
 * Each kind is a LIMIT over its listing order, planned with the term's value (a search is never a
 * prepared statement, db/list.ts): PostgreSQL walks the `(created_at, id)` listing index and
 * stops after a few rows when the term is common, and collects a rare term's few matches through
 * the trigram index and sorts them. No count is made: the palette shows what it finds, not how
 * many there are. The bench measures both a rare and a common term at 1M customers.
 */
const LIMIT = Number(SEARCH_KIND_LIMIT);
if (!Number.isSafeInteger(LIMIT)) throw new Error('Unusable search limit');
/** Written into the statement (a checked integer of ours), as db/list.ts writes a page size. */
const limit = sql`${LIMIT}`.inlineParams();

type Found<Kind extends keyof SearchResults> = SearchResults[Kind][number];

function searchSql(pattern: string, orderNumber: number | null) {
  const customers = sql`(select coalesce(json_agg(${jsonObject<Found<'customers'>>({
    id: sql`c.id`,
    fullName: sql`c.full_name`,
    email: sql`c.email`,
  })} order by c.created_at desc, c.id desc), '[]')
  from (select id, full_name, email, created_at from customers
        where deleted_at is null and ${searchTextSql(pattern)}
        order by created_at desc, id desc limit ${limit}) c)`;

  const casks = sql`(select coalesce(json_agg(${jsonObject<Found<'casks'>>({
    id: sql`k.id`,
    name: sql`k.name`,
    distillery: sql`k.distillery`,
    status: sql`k.status`,
  })} order by k.created_at desc, k.id desc), '[]')
  from (select id, name, distillery, status, created_at from casks
        where deleted_at is null and ${searchTextSql(pattern)}
        order by created_at desc, id desc limit ${limit}) k)`;

  const orders = sql`(select coalesce(json_agg(${jsonObject<Found<'orders'>>({
    id: sql`o.id`,
    reference: orderReferenceSql(sql`o.order_number`),
    title: sql`o.title`,
    status: sql`o.status`,
    customerId: sql`o.customer_id`,
    customerName: sql`coalesce(o.contact_full_name,
      (select full_name from customers c where c.id = o.customer_id), '')`,
  })} order by o.created_at desc, o.id desc), '[]')
  from (select id, order_number, title, status, customer_id, contact_full_name, created_at
        from orders
        where deleted_at is null and (${searchTextSql(pattern)} or order_number = ${orderNumber}::int)
        order by created_at desc, id desc limit ${limit}) o)`;

  const offers = sql`(select coalesce(json_agg(${jsonObject<Found<'offers'>>({
    id: sql`f.id`,
    title: sql`f.title`,
    type: sql`f.type`,
  })} order by f.created_at desc, f.id desc), '[]')
  from (select id, title, type, created_at from offers
        where retired_at is null and title ilike ${pattern}
        order by created_at desc, id desc limit ${limit}) f)`;

  return sql`select ${customers}, ${casks}, ${orders}, ${offers}`;
}

/** The four kinds' matches in one statement (one snapshot, one round trip). */
export async function searchEverything(
  database: Pick<Database, 'readRows'>,
  term: string,
): Promise<SearchResults> {
  // A search's best plan depends on its term: planned with its value on every call (db/list.ts).
  const statement = searchSql(containsPattern(term), orderNumberOf(term) ?? null);
  const [row] = await database.readRows(statement, { prepared: false });
  const [customers, casks, orders, offers] = (row ?? []) as SearchResults[keyof SearchResults][];
  return {
    customers: (customers ?? []) as SearchResults['customers'],
    casks: (casks ?? []) as SearchResults['casks'],
    orders: (orders ?? []) as SearchResults['orders'],
    offers: (offers ?? []) as SearchResults['offers'],
  };
}
