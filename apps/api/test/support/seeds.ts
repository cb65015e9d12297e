import { sql, type SQL } from 'drizzle-orm';
import type { TestContext } from './app.ts';
import { queryRows } from './database.ts';

// What the seeds (src/db/seed) must leave true, each read straight from the tables: a test seeds,
// then expects a reader's answer (no problems: zeros).

type Ctx = Pick<TestContext, 'database'>;

/** The customers' names, emails, phones and referral codes, by email: equal for the same seed. */
export async function seededCustomers(ctx: Ctx) {
  return queryRows<{
    full_name: string;
    email: string;
    phone: string | null;
    referral_code: string;
  }>(ctx, sql`select full_name, email, phone, referral_code from customers order by email`);
}

/** Orders whose reference number does not follow their creation (issue 41), and the numbers. */
export async function orderReferenceProblems(ctx: Ctx) {
  const [row] = await queryRows<{ misordered: number; numbered: number; total: number }>(
    ctx,
    sql`
    select
      (select count(*)::int from (
         select order_number, lag(order_number) over (order by created_at, id) as previous
         from orders) n
       where order_number <= previous) as misordered,
      (select count(distinct order_number)::int from orders) as numbered,
      (select count(*)::int from orders) as total`,
  );
  return row;
}

/**
 * The seeded casks' identity (issue 44): every cask has a number, a fill date in its year, a
 * warehouse and a rack and bay; no bottle or experience has a number; a handful of warehouses.
 */
export async function caskIdentityShape(ctx: Ctx) {
  const [row] = await queryRows<Record<string, number>>(
    ctx,
    sql`select
      (select count(*)::int from warehouses) as warehouses,
      (select count(distinct warehouse_id)::int from casks) as warehouses_used,
      (select count(*)::int from casks where type = 'cask' and (cask_number is null
         or fill_date is null or warehouse_id is null
         or extract(year from fill_date) <> year or location !~ '^Rack [0-9]+, Bay [0-9]+$')) as casks_without,
      (select count(*)::int from casks where type <> 'cask' and cask_number is not null) as others_with,
      (select count(*)::int from (select 1 from casks where cask_number is not null
         group by cask_number, lower(distillery), year having count(*) > 1) d) as repeated`,
  );
  return row;
}

/** Every way the ledger could have let a customer go below zero, counted. */
export async function ledgerProblems(ctx: Ctx) {
  const [row] = await queryRows<{
    negative_balances: number;
    negative_on_the_way: number;
    mismatches: number;
  }>(
    ctx,
    sql`
    select
      (select count(*)::int from customers where points_balance < 0) as negative_balances,
      (select count(*)::int from (
         select sum(points) over (partition by customer_id order by created_at, id) as running
         from point_transactions) as steps
       where running < 0) as negative_on_the_way,
      (select count(*)::int from customers c
         left join (select customer_id, sum(points) as total from point_transactions group by 1) l
           on l.customer_id = c.id
       where c.points_balance <> coalesce(l.total, 0)) as mismatches`,
  );
  return row;
}

/**
 * What the seeds' gauge histories look like, for the numbers of docs/domain.md#angels-share (issue
 * 30).
 */
export async function gaugeHistoryShape(ctx: Ctx, today: Date) {
  const [row] = await queryRows<{
    casks_gauged: number;
    alcohol_gained: number;
    median_loss: number;
    regauge_due: number;
    abv_near: number;
    transfers: number;
  }>(
    ctx,
    sql`
    with g as (
      select r.cask_id, r.gauged_on, r.bulk_litres * r.abv / 100 as lpa,
             lag(r.bulk_litres * r.abv / 100) over w as previous_lpa,
             lag(r.gauged_on) over w as previous_on
      from cask_regauges r window w as (partition by r.cask_id order by r.gauged_on))
    select
      (select count(distinct cask_id)::int from g) as casks_gauged,
      (select count(*)::int from g where lpa > previous_lpa) as alcohol_gained,
      (select percentile_cont(0.5) within group (order by
         1 - power((lpa / previous_lpa)::float8, 365.25 / (gauged_on - previous_on)))
       from g where previous_on is not null and gauged_on - previous_on > 300) as median_loss,
      (select count(*)::int from casks where regauge_due_on <= ${today.toISOString().slice(0, 10)}::date) as regauge_due,
      (select count(*)::int from casks where abv_forty_on <= ${`${today.getUTCFullYear() + 3}-03-15`}::date) as abv_near,
      (select count(*)::int from cask_transfers) as transfers`,
  );
  return row;
}

/**
 * Where the seeded valuations and the values shown disagree (issue 44, decision 395): casks whose
 * current value is not their latest valuation, months whose point is not their latest valuation,
 * valuations without their month's point, and valuations dated after the seed's day.
 */
export async function valuationProblems(ctx: Ctx, today: Date) {
  const latest = (where: SQL) => sql`(select v.value from cask_valuations v where ${where}
    order by v.valued_on desc, v.created_at desc, v.id desc limit 1)`;
  const [row] = await queryRows<{
    current_not_latest: number;
    point_not_latest: number;
    month_without_point: number;
    after_today: number;
  }>(
    ctx,
    sql`
    select
      (select count(*)::int from casks c
        where c.current_value is distinct from ${latest(sql`v.cask_id = c.id`)}) as current_not_latest,
      (select count(*)::int from cask_appreciation a
        where a.value is distinct from ${latest(
          sql`v.cask_id = a.cask_id and date_trunc('month', v.valued_on) = a.month`,
        )}) as point_not_latest,
      (select count(*)::int from cask_valuations v where not exists (select from cask_appreciation a
        where a.cask_id = v.cask_id and a.month = date_trunc('month', v.valued_on))) as month_without_point,
      (select count(*)::int from cask_valuations
        where valued_on > ${today.toISOString().slice(0, 10)}::date) as after_today`,
  );
  return row;
}
