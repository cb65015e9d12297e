import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import type { ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { orderReferenceSql } from '../../db/order-reference.ts';
import { orderListWhereSql, ORDER_LIST_SORTS } from './orders.repository.ts';

const iso = isoTimeSql;

/** The Order List's CSV (issue 29): its columns plus the order's id, contact, payment and times. */
export const ordersExport: ExportSource<ExportFilters<'orders'>> = {
  file: 'orders',
  sorts: ORDER_LIST_SORTS,
  table: 'orders',
  where: (filters) => orderListWhereSql(filters),
  joins: sql`join orders t on t.id = w.id left join customers c on c.id = t.customer_id`,
  columns: [
    ['ID', sql`t.id::text`],
    // As the Order List shows them (issue 41).
    ['Reference', orderReferenceSql(sql`t.order_number`)],
    ['Ordered', iso(sql`t.created_at`)],
    ['User Name', sql`c.full_name`],
    ['Product Name', sql`t.title`],
    ['Budget', sql`t.investment_amount::text`],
    ['Status', sql`t.status`],
    ['Contact Name', sql`t.contact_full_name`],
    ['Contact Email', sql`t.contact_email`],
    ['Payment', sql`t.manual_payment_status`],
    ['Submitted Date', iso(sql`t.submitted_date`)],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
