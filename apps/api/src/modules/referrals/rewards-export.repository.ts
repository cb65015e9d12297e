import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/list.ts';
import { customerListWhereSql } from '../customers/customers.repository.ts';
import { REWARD_LIST_SORTS } from './rewards.repository.ts';

const iso = isoTimeSql;

/** The Reward List's CSV (issue 29): its columns plus the customer's id, referrals and times. */
export const rewardsExport: ExportSource<ExportFilters<'rewards'>> = {
  table: 'customers',
  where: (filters, values) => customerListWhereSql(searchPattern(values, filters.search)),
  joins: 'join customers t on t.id = w.id',
  file: 'rewards',
  sorts: REWARD_LIST_SORTS,
  columns: [
    ['ID', 't.id::text'],
    ['User Name', 't.full_name'],
    ['Email', 't.email'],
    [
      'Casks',
      '(select count(*) from casks k where k.owner_id = t.id and k.deleted_at is null)::text',
    ],
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
};
