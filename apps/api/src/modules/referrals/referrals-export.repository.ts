import type { ExportFilters } from '@cask/contracts/exports';
import { searchPattern, type LegacyExportSource as ExportSource } from '../../db/legacy-list.ts';
import { isoTimeSql } from '../../db/legacy-list.ts';
import { referralListWhereSql, REFERRAL_LIST_SORTS } from './referrals.repository.ts';

const iso = isoTimeSql;

/** The Referrals List's CSV (issue 29): its columns plus the referral's id, e-mails, currency and times. */
export const referralsExport: ExportSource<ExportFilters<'referrals'>> = {
  file: 'referrals',
  sorts: REFERRAL_LIST_SORTS,
  table: 'referrals',
  where: (filters, values) =>
    referralListWhereSql({
      status: filters.status === undefined ? undefined : values.add(filters.status),
      pattern: searchPattern(values, filters.search),
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
};
