import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { customerListWhereSql } from '../customers/customers.repository.ts';
import { REWARD_LIST_SORTS } from './rewards.repository.ts';

const iso = isoTimeSql;

/** The Reward List's CSV (issue 29): its columns plus the customer's id, referrals and times. */
export const rewardsExport: ExportSource<ExportFilters<'rewards'>> = {
  table: 'customers',
  where: (filters) => customerListWhereSql(searchPattern(filters.search)),
  // Each number as one grouped join, not a count or sum per row: PostgreSQL's COPY computes them
  // in its parallel workers (decision 279, as the users export's cask count).
  joins: sql`join customers t on t.id = w.id
    left join (select owner_id, count(*) as n from casks where deleted_at is null group by owner_id) kc on kc.owner_id = t.id
    left join (select customer_id, sum(investment_amount) as total from orders where status <> 'Reject' and deleted_at is null group by customer_id) inv on inv.customer_id = t.id
    left join (select referrer_id, count(*) as n from referrals group by referrer_id) rc on rc.referrer_id = t.id`,
  file: 'rewards',
  sorts: REWARD_LIST_SORTS,
  columns: [
    ['ID', sql`t.id::text`],
    ['User Name', sql`t.full_name`],
    ['Email', sql`t.email`],
    ['Casks', sql`coalesce(kc.n, 0)::text`],
    // As the Reward List's Invest: rejected and deleted (hidden) orders count in no sum.
    ['Invest', sql`coalesce(inv.total, 0)::text`],
    ['Point', sql`t.points_balance::text`],
    ['Referrals', sql`coalesce(rc.n, 0)::text`],
    ['Created At', iso(sql`t.created_at`)],
    ['Updated At', iso(sql`t.updated_at`)],
  ],
};
