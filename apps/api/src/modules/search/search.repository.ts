import { SEARCH_KIND_LIMIT, type SearchResults } from '@cask/contracts/search';
import type { Database } from '../../db/client.ts';
import { containsPattern, searchTextSql } from '../../db/legacy-list.ts';
import { orderNumberOf, orderReferenceSql } from '../../db/order-reference.ts';

/**
 * The palette's search (issue 31): each kind's first few matches, newest first, with the lists'
 * own conditions and indexes (decision 176): customers, casks and orders by their `search_text`
 * trigram index (partial `deleted_at is null`: deleted ones are never found, decision 273),
 * orders also by the reference the term names ('ORD-00123', '123': the unique number index),
 * offers (not retired) by the title's.
 * `$1` is containsPattern's `%term%`, `$2` the order number the term names (or null).
 *
 * Each kind is a LIMIT over its listing order, planned with the term's value (a search is never a
 * prepared statement, db/list.ts): PostgreSQL walks the `(created_at, id)` listing index and
 * stops after a few rows when the term is common, and collects a rare term's few matches through
 * the trigram index and sorts them. No count is made: the palette shows what it finds, not how
 * many there are. The bench measures both a rare and a common term at 1M customers.
 */
const LIMIT = Number(SEARCH_KIND_LIMIT);
if (!Number.isSafeInteger(LIMIT)) throw new Error('Unusable search limit');

const CUSTOMERS_SQL = `(select coalesce(json_agg(json_build_object(
    'id', c.id, 'fullName', c.full_name, 'email', c.email) order by c.created_at desc, c.id desc), '[]')
  from (select id, full_name, email, created_at from customers
        where deleted_at is null and ${searchTextSql('$1')}
        order by created_at desc, id desc limit ${LIMIT}) c)`;

const CASKS_SQL = `(select coalesce(json_agg(json_build_object(
    'id', k.id, 'name', k.name, 'distillery', k.distillery, 'status', k.status)
    order by k.created_at desc, k.id desc), '[]')
  from (select id, name, distillery, status, created_at from casks
        where deleted_at is null and ${searchTextSql('$1')}
        order by created_at desc, id desc limit ${LIMIT}) k)`;

const ORDERS_SQL = `(select coalesce(json_agg(json_build_object(
    'id', o.id, 'reference', ${orderReferenceSql('o.order_number')},
    'title', o.title, 'status', o.status, 'customerId', o.customer_id,
    'customerName', coalesce(o.contact_full_name,
      (select full_name from customers c where c.id = o.customer_id), ''))
    order by o.created_at desc, o.id desc), '[]')
  from (select id, order_number, title, status, customer_id, contact_full_name, created_at
        from purchases
        where deleted_at is null and (${searchTextSql('$1')} or order_number = $2::int)
        order by created_at desc, id desc limit ${LIMIT}) o)`;

const OFFERS_SQL = `(select coalesce(json_agg(json_build_object(
    'id', f.id, 'title', f.title, 'type', f.type) order by f.created_at desc, f.id desc), '[]')
  from (select id, title, type, created_at from offers
        where retired_at is null and title ilike $1
        order by created_at desc, id desc limit ${LIMIT}) f)`;

const SEARCH_SQL = `select ${CUSTOMERS_SQL}, ${CASKS_SQL}, ${ORDERS_SQL}, ${OFFERS_SQL}`;

/** The four kinds' matches in one statement (one snapshot, one round trip). */
export async function searchEverything(
  database: Pick<Database, 'readRows'>,
  term: string,
): Promise<SearchResults> {
  // A search's best plan depends on its term: planned with its value on every call (db/list.ts).
  const values = [containsPattern(term), orderNumberOf(term) ?? null];
  const [row] = await database.readRows(SEARCH_SQL, values, { prepared: false });
  const [customers, casks, orders, offers] = (row ?? []) as SearchResults[keyof SearchResults][];
  return {
    customers: (customers ?? []) as SearchResults['customers'],
    casks: (casks ?? []) as SearchResults['casks'],
    orders: (orders ?? []) as SearchResults['orders'],
    offers: (offers ?? []) as SearchResults['offers'],
  };
}
