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

/**
 * An order's short reference from its number: ORD-00123 (more digits past 99999). (The text form
 * is for the statements not yet written with `sql`, issue 42 part 2.)
 */
export function orderReferenceSql(column: SQL): SQL;
export function orderReferenceSql(column: string): string;
export function orderReferenceSql(column: SQL | string): SQL | string {
  if (typeof column === 'string')
    return `'ORD-' || lpad(${column}::text, greatest(5, length(${column}::text)), '0')`;
  return sql`'ORD-' || lpad(${column}::text, greatest(5, length(${column}::text)), '0')`;
}
