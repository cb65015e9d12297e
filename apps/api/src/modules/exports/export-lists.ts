import type { ExportFilters, ExportList } from '@cask/contracts/exports';
import { containsPattern, isoTimeSql, type StatementValues } from '../../db/list.ts';
import { auditWhereSql, RECORD_NAME_SQL, RECORD_TYPE_OF } from '../audit/audit.repository.ts';
import { caskListWhereSql } from '../casks/casks.repository.ts';
import { customerListWhereSql } from '../customers/customers.repository.ts';
import { offerListWhereSql } from '../offers/offers.repository.ts';
import { orderListWhereSql } from '../orders/orders.repository.ts';
import { referralListWhereSql } from '../referrals/referrals.repository.ts';

/**
 * What each list's CSV holds (issue 29): the screen's columns plus the record's id and
 * timestamps. Every list is read newest first, by (created_at, id) as on screen, in keyset pages
 * (export.service.ts); a list gives:
 * - `table` and `where`: the rows the list shows with the request's filters, over the table's
 *   own columns, built by the list's own repository (its `*ListWhereSql`), so an export has
 *   exactly the screen's total;
 * - `joins` and `columns`: each CSV column as SQL text over the page `w` (id, created_at) and the
 *   joins, in the header's order. Money is the numeric column's exact text, times are ISO 8601
 *   in UTC, dates YYYY-MM-DD.
 */
export interface ExportDefinition<L extends ExportList> {
  /** The file name's stem, e.g. 'orders' for orders-2026-03-04.csv. */
  file: string;
  table: string;
  where(filters: ExportFilters<L>, values: StatementValues): string;
  joins: string;
  columns: readonly (readonly [header: string, sql: string])[];
}

const iso = (column: string) => isoTimeSql(column);
const pattern = (values: StatementValues, search: string | undefined) =>
  search === undefined ? undefined : values.add(containsPattern(search));
const activeText = (column: string) => `case when ${column} then 'Active' else 'Inactive' end`;

const customerBase = {
  table: 'customers',
  where: (filters: { search?: string | undefined }, values: StatementValues) =>
    customerListWhereSql(pattern(values, filters.search)),
  joins: 'join customers t on t.id = w.id',
} as const;

export const EXPORTS: { [L in ExportList]: ExportDefinition<L> } = {
  users: {
    ...customerBase,
    file: 'users',
    columns: [
      ['ID', 't.id::text'],
      ['User Name', 't.full_name'],
      ['Email', 't.email'],
      ['Phone', 't.phone'],
      ['Casks', '(select count(*) from casks k where k.owner_id = t.id)::text'],
      ['Status', activeText('t.is_active')],
      ['Created At', iso('t.created_at')],
      ['Updated At', iso('t.updated_at')],
    ],
  },
  rewards: {
    ...customerBase,
    file: 'rewards',
    columns: [
      ['ID', 't.id::text'],
      ['User Name', 't.full_name'],
      ['Email', 't.email'],
      ['Casks', '(select count(*) from casks k where k.owner_id = t.id)::text'],
      // As the Reward List's Invest: rejected and deleted (hidden) orders count in no sum.
      [
        'Invest',
        "(select coalesce(sum(o.investment_amount), 0) from purchases o where o.customer_id = t.id and o.status <> 'Reject' and o.deleted_at is null)::text",
      ],
      ['Point', 't.points_balance::text'],
      ['Referrals', '(select count(*) from referrals r where r.referrer_id = t.id)::text'],
      ['Created At', iso('t.created_at')],
      ['Updated At', iso('t.updated_at')],
    ],
  },
  casks: {
    file: 'casks',
    table: 'casks',
    where: (filters, values) => caskListWhereSql(pattern(values, filters.search)),
    joins: 'join casks t on t.id = w.id left join customers o on o.id = t.owner_id',
    columns: [
      ['ID', 't.id::text'],
      ['Cask Name', 't.name'],
      ['Distillery', 't.distillery'],
      ['Year', 't.year::text'],
      ['Volume (L)', 't.volume::text'],
      ['ABV (%)', 't.abv::text'],
      ['Current Value', 't.current_value::text'],
      ['Purchase Price', 't.purchase_price::text'],
      ['Status', 't.status'],
      ['Owner', 'o.full_name'],
      ['Owner Email', 'o.email'],
      ['Location', 't.location'],
      ['Purchase Date', iso('t.purchase_date')],
      ['Created At', iso('t.created_at')],
      ['Updated At', iso('t.updated_at')],
    ],
  },
  offers: {
    file: 'offers',
    table: 'offers',
    where: (filters, values) =>
      offerListWhereSql(
        filters.type === undefined ? undefined : values.add(filters.type),
        pattern(values, filters.search),
      ),
    joins: 'join offers t on t.id = w.id',
    columns: [
      ['ID', 't.id::text'],
      ['Offers', 't.title'],
      ['Type', 't.type'],
      ['Price', 't.price_numeric::text'],
      ['Status', activeText('t.is_active')],
      ['Deadline', 't.expiry_date::text'],
      ['Category', 't.category'],
      ['Location', 't.location'],
      ['Created At', iso('t.created_at')],
      ['Updated At', iso('t.updated_at')],
    ],
  },
  orders: {
    file: 'orders',
    table: 'purchases',
    where: (filters, values) =>
      orderListWhereSql({
        ...(filters.status === undefined ? {} : { status: values.add(filters.status) }),
        ...(filters.search === undefined ? {} : { pattern: pattern(values, filters.search)! }),
      }),
    joins: 'join purchases t on t.id = w.id left join customers c on c.id = t.customer_id',
    columns: [
      ['ID', 't.id::text'],
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
  },
  referrals: {
    file: 'referrals',
    table: 'referrals',
    where: (filters, values) =>
      referralListWhereSql({
        status: filters.status === undefined ? undefined : values.add(filters.status),
        pattern: pattern(values, filters.search),
      }),
    joins:
      'join referrals t on t.id = w.id join customers referrer on referrer.id = t.referrer_id' +
      ' join customers referee on referee.id = t.referee_id',
    columns: [
      ['ID', 't.id::text'],
      ['Referrer', 'referrer.full_name'],
      ['Referrer Email', 'referrer.email'],
      ['Referrals', 'referee.full_name'],
      ['Referee Email', 'referee.email'],
      ['Code', 't.referral_code'],
      ['Status', 't.status'],
      ['Reward Amount', 't.reward_amount::text'],
      ['Currency', 't.currency'],
      ['Completed Date', iso('t.completed_date')],
      ['Created At', iso('t.created_at')],
      ['Updated At', iso('t.updated_at')],
    ],
  },
  notifications: {
    file: 'notifications',
    table: 'notifications',
    where: () => 'true',
    joins: 'join notifications t on t.id = w.id left join customers c on c.id = t.recipient_id',
    columns: [
      ['ID', 't.id::text'],
      ['Title', 't.title'],
      ['Message', 't.message'],
      ['Type', 't.type'],
      ['Priority', 't.priority'],
      ['Category', 't.category'],
      ['Global', "case when t.is_global then 'Yes' else 'No' end"],
      ['Recipient', 'c.full_name'],
      ['Recipient Email', 'c.email'],
      ['Time', iso('t.created_at')],
    ],
  },
  audit: {
    file: 'audit-log',
    table: 'audit_log',
    where: (filters, values) => auditWhereSql(filters, values),
    joins: 'join audit_log r on r.id = w.id left join admins ad on ad.id = r.admin_id',
    columns: [
      ['ID', 'r.id::text'],
      ['Time', iso('r.created_at')],
      ['Admin', 'ad.full_name'],
      ['Admin ID', 'r.admin_id::text'],
      ['Action', 'r.action'],
      ['Record Type', RECORD_TYPE_OF],
      ['Record ID', 'r.entity_id'],
      ['Record', RECORD_NAME_SQL],
      ['Address', 'r.ip'],
      ['Browser', 'r.user_agent'],
      ['Before', 'r.before::text'],
      ['After', 'r.after::text'],
    ],
  },
};
