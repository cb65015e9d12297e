import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type LegacyExportSource as ExportSource } from '../../db/legacy-list.ts';
import { isoTimeSql } from '../../db/legacy-list.ts';
import { orderReferenceSql } from '../../db/order-reference.ts';
import { orderFilterSql, orderListWhereSql, ORDER_LIST_SORTS } from './orders.repository.ts';

const iso = isoTimeSql;

/** The Order List's CSV (issue 29): its columns plus the order's id, contact, payment and times. */
export const ordersExport: ExportSource<ExportFilters<'orders'>> = {
  file: 'orders',
  sorts: ORDER_LIST_SORTS,
  table: 'purchases',
  where: (filters, values) =>
    orderListWhereSql(orderFilterSql(filters, values, searchPattern(values, filters.search))),
  joins: 'join purchases t on t.id = w.id left join customers c on c.id = t.customer_id',
  columns: [
    ['ID', 't.id::text'],
    // As the Order List shows them (issue 41).
    ['Reference', orderReferenceSql('t.order_number')],
    ['Ordered', iso('t.created_at')],
    ['User Name', 'c.full_name'],
    ['Product Name', 't.title'],
    ['Budget', 't.investment_amount::text'],
    ['Status', 't.status'],
    ['Contact Name', 't.contact_full_name'],
    ['Contact Email', 't.contact_email'],
    ['Payment', 't.manual_payment_status'],
    ['Submitted Date', iso('t.submitted_date')],
    ['Created At', iso('t.created_at')],
    ['Updated At', iso('t.updated_at')],
  ],
};
