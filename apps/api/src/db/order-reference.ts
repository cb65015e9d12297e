import { sql, type SQL } from 'drizzle-orm';

/**
 * An order's short reference (issue 41, docs/decisions/316): its number as 'ORD-00123'. Here, not
 * in the orders module, because the Order List, its export and the command palette all read it.
 */

/**
 * The order number a search names: 'ORD-00123', 'ord123' or '123' (digits alone, up to nine, so
 * the number fits an integer); undefined for any other term.
 */
export function orderNumberOf(term: string): number | undefined {
  const match = /^(?:ord-?)?(\d{1,9})$/i.exec(term.trim());
  return match ? Number(match[1]) : undefined;
}

/** An order's short reference from its number: ORD-00123 (more digits past 99999). */
export function orderReferenceSql(column: SQL): SQL {
  return sql`'ORD-' || lpad(${column}::text, greatest(5, length(${column}::text)), '0')`;
}
