import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  BULK_SEARCH_TERMS,
  expectListMatchesSql,
  seedListData,
  expectEveryPage,
} from '../../../test/support/list-against-sql.ts';
import { firstValue } from '../../../test/support/database.ts';

// Issue 14: the Referrals list, read through the list path (db/list.ts), answers exactly what plain SQL
// answers, for every status and search, on every kind of page (nearer end, middle, past the end),
// and after writes the remembered totals did not see coming.
const ctx = useTestContext();
let admin: TestAdmin;
/** Search terms found in the seeded data (see beforeAll). */
const terms: Record<string, string> = {};

beforeAll(async () => {
  await seedListData(ctx);
  admin = await createAdmin(ctx);
  // The bulk data's referees never carry the common term, and its referrers rarely do: these
  // terms make sure every branch of the search has matches. A third of the customers' e-mails end
  // in .com (dense: both ends of the list are read by walking it); one referee's own e-mail (one
  // or two matches); a piece of one referral's code, in lower case (the code is upper case).
  terms.common = BULK_SEARCH_TERMS.common;
  terms.rare = BULK_SEARCH_TERMS.rare;
  terms.dense = '.com';
  const refereeEmail = String(
    await firstValue(
      ctx,
      sql`select c.email from referrals r join customers c on c.id = r.referee_id
       where c.deleted_at is null order by r.created_at desc, r.id desc offset 7 limit 1`,
    ),
  );
  const at = refereeEmail.indexOf('@');
  terms.referee = refereeEmail.slice(refereeEmail.lastIndexOf('.', at), at + 1);
  terms.code = String(
    await firstValue(
      ctx,
      sql`select lower(substr(referral_code, 4, 6)) from referrals order by id limit 1`,
    ),
  );
  terms.none = 'no-such-referral';
}, 120_000);

const NEWEST_FIRST = sql`order by r.created_at desc, r.id desc`;
const STATUSES = [undefined, 'pending', 'completed'] as const;
type Status = (typeof STATUSES)[number];

/**
 * The referrals the list shows, written as plainly as possible: a status, and a search matching
 * the code or the name or e-mail of a referrer or referee not deleted.
 */
function referralCases(status: Status, term: string | undefined, order = NEWEST_FIRST) {
  const conditions = [sql`true`];
  if (status !== undefined) conditions.push(sql`r.status = ${status}`);
  if (term !== undefined) {
    const p = `%${term}%`;
    conditions.push(
      sql`(r.referral_code ilike ${p} or exists (select 1 from customers c
        where c.id in (r.referrer_id, r.referee_id) and c.deleted_at is null
          and (c.full_name ilike ${p} or c.email ilike ${p})))`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  return {
    url: '/api/referrals',
    itemsKey: 'referrals',
    countSql: sql`select count(*)::int from referrals r where ${where}`,
    idsSql: (limit: number, offset: number) =>
      sql`select r.id from referrals r where ${where} ${order} limit ${limit} offset ${offset}`,
    filter: {
      ...(status === undefined ? {} : { status }),
      ...(term === undefined ? {} : { search: term }),
    },
  };
}

function referralQuery(page: number, limit: number, status: Status, term: string | undefined) {
  return {
    page,
    limit,
    ...(status === undefined ? {} : { status }),
    ...(term === undefined ? {} : { search: term }),
  };
}

test('the Referrals list answers what plain SQL answers for every status on every kind of page', async () => {
  for (const status of STATUSES) {
    for (const limit of [6, 10]) {
      const total = await expectEveryPage(ctx, admin, referralCases(status, undefined), limit);
      expect(total).toBeGreaterThan(50);
    }
  }
});

test('the Referrals list answers what plain SQL answers for every search and status', async () => {
  const totals: Record<string, number> = {};
  for (const [name, term] of Object.entries(terms)) {
    for (const status of STATUSES) {
      const total = await expectEveryPage(ctx, admin, referralCases(status, term), 6);
      if (status === undefined) totals[name] = total;
    }
  }
  // The terms cover what they are there for: many matches, a few, and none.
  expect(totals.dense).toBeGreaterThan(30);
  expect(totals.common).toBeGreaterThan(0);
  expect(totals.referee).toBeGreaterThan(0);
  expect(totals.code).toBeGreaterThan(0);
  expect(totals.none).toBe(0);
});

const WRITE_CASES = STATUSES.flatMap((status) => [
  { status, term: '.com' as string | undefined },
  { status, term: undefined },
]);
type WriteCase = (typeof WRITE_CASES)[number];

/**
 * Every case's total (plain SQL), after checking its far end FIRST, then its other pages: a
 * window read from the oldest end depends on the total, which the list remembered before a write.
 */
async function expectFarEndsFirst(): Promise<Map<WriteCase, number>> {
  const totals = new Map<WriteCase, number>();
  for (const c of WRITE_CASES) {
    const { countSql } = referralCases(c.status, c.term);
    const total = Number(await firstValue(ctx, countSql));
    totals.set(c, total);
    const last = Math.ceil(total / 6);
    for (const page of [last, last - 1, last + 1, 1]) {
      await expectListMatchesSql(ctx, admin, {
        ...referralCases(c.status, c.term),
        query: referralQuery(page, 6, c.status, c.term),
      });
    }
  }
  return totals;
}

test('after a status change, then a deletion, the list reads the new totals and rows, whatever it remembered', async () => {
  const pattern = '%.com%';
  // Remember every total (read away from the far end).
  const before = new Map<WriteCase, number>();
  for (const c of WRITE_CASES) {
    const seen = await expectListMatchesSql(ctx, admin, {
      ...referralCases(c.status, c.term),
      query: referralQuery(2, 6, c.status, c.term),
    });
    before.set(c, seen.total);
  }

  // Complete the oldest pending referral the search finds: the status totals move both ways, and
  // nothing a customer search version follows changes.
  const pending = referralCases('pending', '.com', sql`order by r.created_at asc, r.id asc`);
  const [[pendingId]] = (await ctx.database.readRows(pending.idsSql(1, 0), {
    prepared: false,
  })) as [[string]];
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/api/referrals/${pendingId}/status`,
    payload: { status: 'completed' },
    headers: admin.headers,
  });
  expect(put.statusCode, put.body).toBe(200);
  const completed = await expectFarEndsFirst();
  const moved = (after: Map<WriteCase, number>, earlier: Map<WriteCase, number>) =>
    WRITE_CASES.map((c) => after.get(c)! - earlier.get(c)!);
  // [search, all, search pending, pending, search completed, completed]
  expect(moved(completed, before)).toEqual([0, 0, -1, -1, 1, 1]);

  // Delete the oldest matching referrer with a referral that matches through them only: the
  // search loses it, the list without a search keeps it (a deleted customer's referrals stay).
  const referrerId = String(
    await firstValue(
      ctx,
      sql`select c.id from customers c join referrals r on r.referrer_id = c.id
       join customers e on e.id = r.referee_id
       where c.deleted_at is null and c.email ilike ${pattern} and e.email not ilike ${pattern}
         and r.referral_code not ilike ${pattern}
       order by r.created_at asc limit 1`,
    ),
  );
  const lost = (await ctx.database.readRows(
    sql`select r.status, count(*)::int from referrals r where r.referrer_id = ${referrerId}
       and r.referral_code not ilike ${pattern} and not exists (select 1 from customers e
         where e.id = r.referee_id and e.deleted_at is null
           and (e.full_name ilike ${pattern} or e.email ilike ${pattern}))
     group by r.status`,
    { prepared: false },
  )) as [string, number][];
  const lostOf = (status: string) => lost.find(([s]) => s === status)?.[1] ?? 0;
  expect(lostOf('pending') + lostOf('completed')).toBeGreaterThan(0);
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/users/${referrerId}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const deleted = await expectFarEndsFirst();
  expect(moved(deleted, completed)).toEqual([
    -lostOf('pending') - lostOf('completed'),
    0,
    -lostOf('pending'),
    0,
    -lostOf('completed'),
    0,
  ]);
});

test("a customer's new name is searchable on their referrals at once, and their old one no longer is", async () => {
  // Names change outside the API (no endpoint edits one): the trigger of src/db/sql/062 still
  // rewrites the referrals' search text in the same statement (decision 176).
  const [[customerId, oldName]] = (await ctx.database.readRows(
    sql`select c.id, c.full_name from referrals r join customers c on c.id = r.referee_id
     where c.deleted_at is null order by r.created_at desc limit 1`,
    { prepared: false },
  )) as [[string, string]];
  const renamed = 'Quokka Marchbanks';
  const search = async (term: string) => {
    for (const status of STATUSES) {
      await expectListMatchesSql(ctx, admin, {
        ...referralCases(status, term),
        query: referralQuery(1, 6, status, term),
      });
    }
    const all = await expectListMatchesSql(ctx, admin, {
      ...referralCases(undefined, term),
      query: referralQuery(1, 6, undefined, term),
    });
    return all.total;
  };
  expect(await search('quokka marchbanks')).toBe(0);
  const oldTotal = await search(oldName);
  expect(oldTotal).toBeGreaterThan(0);

  await ctx.database.db.execute(
    sql`update customers set full_name = ${renamed} where id = ${customerId}`,
  );
  expect(await search('quokka marchbanks')).toBe(1);
  expect(await search(oldName)).toBe(oldTotal - 1);

  await ctx.database.db.execute(
    sql`update customers set full_name = ${oldName} where id = ${customerId}`,
  );
  expect(await search('QUOKKA')).toBe(0);
  expect(await search(oldName)).toBe(oldTotal);
});
