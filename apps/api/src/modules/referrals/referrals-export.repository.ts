import { sql } from 'drizzle-orm';
import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type ExportSource } from '../../db/csv-export.ts';
import { isoTimeSql } from '../../db/sql-fragments.ts';
import { referralListWhereSql, REFERRAL_LIST_SORTS } from './referrals.repository.ts';

/** The Referrals List's CSV (issue 29): its columns plus the referral's id, e-mails, currency and times. */
export const referralsExport: ExportSource<ExportFilters<'referrals'>> = {
  file: 'referrals',
  sorts: REFERRAL_LIST_SORTS,
  table: 'referrals',
  where: (filters) =>
    referralListWhereSql({ status: filters.status, pattern: searchPattern(filters.search) }),
  joins: sql`join referrals t on t.id = w.id join customers referrer on referrer.id = t.referrer_id
    join customers referee on referee.id = t.referee_id`,
  columns: [
    ['ID', sql`t.id::text`],
    ['Referrer', sql`referrer.full_name`],
    ['Referrer Email', sql`referrer.email`],
    ['Referrals', sql`referee.full_name`],
    ['Referee Email', sql`referee.email`],
    ['Code', sql`t.referral_code`],
    ['Status', sql`t.status`],
    ['Reward Amount', sql`t.reward_amount::text`],
    ['Currency', sql`t.currency`],
    ['Completed Date', isoTimeSql(sql`t.completed_date`)],
    ['Created At', isoTimeSql(sql`t.created_at`)],
    ['Updated At', isoTimeSql(sql`t.updated_at`)],
  ],
};
