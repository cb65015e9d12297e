/**
 * The bulk seeder's SQL: every row is computed on the server from its index in generate_series,
 * with hashint8extended(index, seed) as the pseudo-random source, so a million rows never cross
 * the wire and the same seed always gives the same rows. A value other rows need (a customer's
 * id, name, e-mail, sign-up time or referral code) is a pure function of the customer's index,
 * recomputed where needed instead of joined.
 *
 * Written with Drizzle's `sql` template (docs/decisions/345): the catalogue's words and the
 * numbers are values, each fragment is `SQL`. A statement is run with its values written in as
 * literals (`inlineParams`): `generate_series` and the arithmetic need their operands' types,
 * which an untyped parameter does not give.
 */
import { sql, type SQL } from 'drizzle-orm';
import { VALUATION_SOURCES } from '@cask/contracts/cask-records';
import {
  BONDED_WAREHOUSES,
  BOTTLE_LITRES,
  CASK_FINISHES,
  CASK_TYPES,
  DISTILLERIES,
  EMAIL_DOMAINS,
  EXPERIENCES,
  FIRST_NAMES,
  LAST_NAMES,
  NOTIFICATION_TEMPLATES,
  ORDER_NOTES,
  SEARCH_TERMS,
  WAREHOUSE_BAYS,
  WAREHOUSE_RACKS,
  WAREHOUSES,
} from './catalogue.ts';

export interface BulkShape {
  customers: number;
  seed: number;
  /** UTC midnight of the seeding day: every date is laid out backwards from it. */
  anchor: Date;
}

/** Five years of sign-ups, newest last. */
const SPAN_SECONDS = 5 * 365 * 24 * 60 * 60;

const textArray = (items: readonly string[]) =>
  sql`(ARRAY[${sql.join(
    items.map((item) => sql`${item}`),
    sql`,`,
  )}]::text[])`;

/** A statement of the bulk seed, its values written in as literals (see above). */
const statement = (text: SQL) => text.inlineParams();

export function bulkCounts(customers: number) {
  return {
    customers,
    casks: Math.floor(customers / 3),
    offers: Math.max(30, Math.ceil(customers / 5000)),
    orders: Math.floor(customers / 4),
    // Customers 3, 13, 23... joined through a referral: one in ten.
    referrals: customers > 3 ? Math.floor((customers - 4) / 10) + 1 : 0,
    // Customers 0, 5, 10... have two ledger entries (a credit, then a redemption): two in five.
    pointTransactions: 2 * Math.ceil(customers / 5),
    notifications: Math.max(20, Math.floor(customers / 100)),
  };
}

/** The indexes of the customers named with the rare term: five, spread over the whole range. */
export function rareIndexes(customers: number): number[] {
  return [0, 1, 2, 3, 4].map((k) => Math.floor((customers * k) / 5) + 1);
}

/** The series' index columns and expressions the statements are written over. */
const i = sql`i`;
const k = sql`k`;
const o = sql`o`;
const p = sql`p`;
const j = sql`j`;
const g = sql`g`;

/** The expressions every statement draws on: a customer's columns from its index. */
function createExpressions(shape: BulkShape) {
  const { customers: n, seed } = shape;
  const anchor = sql`${shape.anchor.toISOString()}::timestamptz`;
  const step = Math.max(1, Math.floor(SPAN_SECONDS / n));

  /** A non-negative pseudo-random bigint for (index, stream); the same inputs, the same value. */
  const rnd = (index: SQL, stream: number) =>
    sql`(hashint8extended((${index})::bigint, ${seed * 1000 + stream}) & 9223372036854775807)`;
  const pick = (items: readonly string[], index: SQL, stream: number) =>
    sql`${textArray(items)}[1 + ${rnd(index, stream)} % ${items.length}]`;
  /** A version-4-shaped UUID from md5(seed:kind:index): the contracts validate ids as UUIDs. */
  const id = (kind: string, index: SQL) =>
    sql`overlay(overlay(md5(${`${seed}:${kind}:`} || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;

  const rare = sql.join(
    rareIndexes(n).map((index) => sql`${index}`),
    sql`,`,
  );
  const firstName = (x: SQL) => pick(FIRST_NAMES, x, 1);
  const lastName = (x: SQL) =>
    sql`(case when (${x}) in (${rare}) then ${SEARCH_TERMS.rare}
      when (${x}) % 50 = 7 then ${SEARCH_TERMS.common}
      else ${pick(LAST_NAMES, x, 2)} end)`;
  const email = (x: SQL) =>
    sql`lower(${firstName(x)} || '.' || ${lastName(x)} || '.' || (${x})) || '@' || ${pick(EMAIL_DOMAINS, x, 3)}`;
  /** Seconds before the anchor the customer signed up: strictly increasing with the index. */
  const ageSeconds = (x: SQL) =>
    sql`((${n - 1} - (${x}))::bigint * ${step} + ${rnd(x, 5)} % ${step} + 60)`;
  const createdAt = (x: SQL) => sql`(${anchor} - make_interval(secs => ${ageSeconds(x)}))`;
  /** A moment in the customer's membership: fraction 0 is sign-up, 1 is the anchor. */
  const during = (x: SQL, fraction: SQL) =>
    sql`(${anchor} - make_interval(secs => ${ageSeconds(x)} * (1 - (${fraction}))))`;
  const referralCode = (x: SQL) =>
    sql`upper(lpad(to_hex(((${x})::bigint * 2654435761 + ${seed}) % 281474976710656), 12, '0'))`;
  const phone = (x: SQL) =>
    sql`(case when ${rnd(x, 6)} % 10 < 3 then null
      when ${rnd(x, 6)} % 10 < 7 then '+447700900' || lpad((${rnd(x, 7)} % 1000)::text, 3, '0')
      else '+1202555' || lpad((100 + ${rnd(x, 7)} % 100)::text, 4, '0') end)`;
  return {
    n,
    seed,
    anchor,
    rnd,
    pick,
    id,
    rare,
    firstName,
    lastName,
    email,
    createdAt,
    during,
    referralCode,
    phone,
  };
}

type Expressions = ReturnType<typeof createExpressions>;

/** Two ledger entries for customers 0, 5, 10...: a credit, then a redemption of part of it. */
const credit = (e: Expressions, x: SQL) => sql`(50 + ${e.rnd(x, 60)} % 951)`;
const redemption = (e: Expressions, x: SQL) => sql`(1 + ${e.rnd(x, 61)} % ${credit(e, x)})`;
const isDeleted = (e: Expressions, x: SQL) =>
  sql`((${x}) % 500 = 499 and (${x}) not in (${e.rare}))`;

function customersSql(e: Expressions, from: number, to: number) {
  return statement(sql`
    insert into customers (id, full_name, email, phone, is_active, referral_code, points_balance,
                           deleted_at, created_at, updated_at)
    select ${e.id('c', i)},
           ${e.firstName(i)} || ' ' || ${e.lastName(i)},
           ${e.email(i)},
           ${e.phone(i)},
           ${e.rnd(i, 4)} % 100 >= 8,
           ${e.referralCode(i)},
           case when i % 5 = 0 then ${credit(e, i)} - ${redemption(e, i)} else 0 end,
           case when ${isDeleted(e, i)} then ${e.during(i, sql`0.9`)} end,
           ${e.createdAt(i)},
           ${e.createdAt(i)}
    from generate_series(${from}, ${to}) as i`);
}

const distillery = (e: Expressions, x: SQL, stream: number) =>
  e.pick(
    DISTILLERIES.map((d) => d.name),
    x,
    stream,
  );
const caskTypeIndex = (e: Expressions, x: SQL, stream: number) =>
  sql`(1 + ${e.rnd(x, stream)} % ${CASK_TYPES.length})`;
const caskTypeName = (e: Expressions, x: SQL, stream: number) =>
  sql`${textArray(CASK_TYPES.map((t) => t.name))}[${caskTypeIndex(e, x, stream)}]`;
const caskVolume = (e: Expressions, x: SQL, stream: number) =>
  sql`(ARRAY[${sql.join(
    CASK_TYPES.map((t) => sql`${t.litres}`),
    sql`,`,
  )}]::numeric[])[${caskTypeIndex(e, x, stream)}]`;

/** The bonded warehouses (issue 44), the catalogue's, each with an id from its place in it. */
function warehousesSql(e: Expressions) {
  const rows = BONDED_WAREHOUSES.map(
    (warehouse, index) => sql`(${e.id('w', sql`${index}`)}, ${warehouse.name}, ${warehouse.city})`,
  );
  return statement(sql`insert into warehouses (id, name, city) values ${sql.join(rows, sql`, `)}`);
}

/**
 * Casks, and a cask's identity (issue 44, decision 400): its number is its index (unique, so
 * unique within its distillery and fill year too), its fill date a day of its year, a warehouse
 * and a rack and bay there. Bottles and experiences keep a place as text and have no number.
 */
function casksSql(e: Expressions, from: number, to: number) {
  const { rnd, pick, anchor } = e;
  const isCask = sql`type = 'cask'`;
  return statement(sql`
    insert into casks (id, name, distillery, year, volume, abv, location, cask_number, fill_date,
                       warehouse_id, estimated_value, current_value, purchase_price, status,
                       owner_id, type, notes, purchase_date, created_at, updated_at)
    select id, name, distillery, year, volume, abv,
           case when ${isCask} then 'Rack ' || (1 + ${rnd(k, 32)} % ${WAREHOUSE_RACKS}) || ', Bay '
             || (1 + ${rnd(k, 33)} % ${WAREHOUSE_BAYS}) else location end,
           case when ${isCask} then (1000 + k)::text end,
           case when ${isCask} then make_date(year, 1 + (${rnd(k, 34)} % 12)::int,
             1 + (${rnd(k, 35)} % 28)::int) end,
           case when ${isCask} then ${e.id('w', sql`${rnd(k, 36)} % ${BONDED_WAREHOUSES.length}`)} end,
           round(current_value * 1.05, 2), current_value, purchase_price,
           case when type = 'experience' then 'Experience'
                when ${rnd(k, 26)} % 100 < 45 then 'Ready' else 'Maturing' end,
           owner_id, type, null, purchase_date, purchase_date, purchase_date
    from (
      select k, ${e.id('k', k)} as id,
             ${distillery(e, k, 21)} || ' ' || (1988 + ${rnd(k, 22)} % 34) || ' ' ||
               ${pick(CASK_FINISHES, k, 24)} || ' ' || ${caskTypeName(e, k, 23)} as name,
             ${distillery(e, k, 21)} as distillery,
             (1988 + ${rnd(k, 22)} % 34)::int as year,
             ${caskVolume(e, k, 23)} as volume,
             round(46 + (${rnd(k, 27)} % 200) / 10.0, 1) as abv,
             ${pick(WAREHOUSES, k, 28)} as location,
             (4000 + (${rnd(k, 29)} % 2320) * 50)::numeric(14, 2) as purchase_price,
             round((4000 + (${rnd(k, 29)} % 2320) * 50) * (0.95 + (${rnd(k, 30)} % 1000) * 0.0009), 2)
               as current_value,
             case when ${rnd(k, 25)} % 100 < 90 then 'cask'
                  when ${rnd(k, 25)} % 100 < 96 then 'bottle' else 'experience' end as type,
             ${e.id('c', sql`${rnd(k, 20)} % ${e.n}`)} as owner_id,
             ${anchor} - make_interval(days => (30 + ${rnd(k, 31)} % 1800)::int) as purchase_date
      from generate_series(${from}, ${to}) as k
    ) as c`);
}

/**
 * The value histories: this month's value for every cask (its current value), and eleven months
 * before it for one cask in five, rising from the price paid. caskValuationsSql writes the
 * valuations these points are.
 */
function caskAppreciationSql(e: Expressions) {
  return statement(sql`
    insert into cask_appreciation (cask_id, month, value)
    select c.id, m.month, round(c.purchase_price + (c.current_value - c.purchase_price) * (12 - m.back) / 12.0, 2)
    from casks c
    cross join lateral (
      select back, (date_trunc('month', ${e.anchor} at time zone 'UTC') - make_interval(months => back))::date as month
      from generate_series(0, 11) as back
    ) as m
    where (m.back = 0 or (hashtext(c.id::text) & 2147483647) % 5 = 0)
      and m.month >= date_trunc('month', c.purchase_date at time zone 'UTC')::date`);
}

/**
 * The valuations the value histories above are (issue 44, decision 397): one on a day of each
 * point's month (not after the anchor's day, not before the purchase), its value the point's, so
 * each month's point is its latest valuation and each cask's last one is its current value. The
 * trigger that writes the points from the valuations is off during the load (it upserts through
 * the unique index the load drops); these rows match the points it would write.
 */
function caskValuationsSql(e: Expressions) {
  const day = sql`(a.month + (hashtext(a.cask_id::text || a.month::text) & 2147483647) % 28)`;
  return statement(sql`
    insert into cask_valuations (cask_id, valued_on, value, source)
    select a.cask_id,
           least(greatest(${day}, (c.purchase_date at time zone 'UTC')::date),
                 (${e.anchor} at time zone 'UTC')::date),
           a.value,
           ${textArray(VALUATION_SOURCES)}[1 + (hashtext(a.cask_id::text || a.month::text || 's') & 2147483647) % ${VALUATION_SOURCES.length}]
    from cask_appreciation a join casks c on c.id = a.cask_id`);
}

/** An offer's details (jsonb), by its type: a cask, a bottle or an experience. */
function offerDetailsSql(e: Expressions) {
  const { rnd, pick } = e;
  return sql`case o % 3
               when 0 then jsonb_build_object(
                 'distillery', ${distillery(e, o, 70)},
                 'caskType', ${pick(CASK_FINISHES, o, 72)} || ' ' || ${caskTypeName(e, o, 73)},
                 'vintage', 1990 + ${rnd(o, 71)} % 31,
                 'abv', round(50 + (${rnd(o, 81)} % 150) / 10.0, 1),
                 'volume', ${caskVolume(e, o, 73)})
               when 1 then jsonb_build_object(
                 'distillery', ${distillery(e, o, 70)},
                 'packaging', ${pick(['Presentation box', 'Wooden case', 'Gift tube'], o, 82)},
                 'quantity', 6 * (1 + ${rnd(o, 83)} % 20),
                 'volume', ${BOTTLE_LITRES},
                 'certificate', 'Certificate of authenticity')
               else jsonb_build_object(
                 'packaging', 'Digital voucher',
                 'duration', ${pick(['3 hours', '1 day', '2 days'], o, 84)},
                 'testing', (3 + ${rnd(o, 85)} % 6) || ' drams from the club''s casks',
                 'participants', 2 * (1 + ${rnd(o, 86)} % 6),
                 'includes', 'Tasting, lunch and transfers')
             end`;
}

function offersSql(e: Expressions, count: number) {
  const { rnd, pick, anchor } = e;
  const experienceTitles = EXPERIENCES.map((experience) => experience.title);
  return statement(sql`
    insert into offers (id, title, type, price_numeric, original_price, current_price, is_active,
                        is_featured, expiry_date, description, category, location, details,
                        created_at, updated_at)
    select id, title, type, price, round(price * 0.85, 2), price, is_active, is_featured,
           expiry_date, description, category, location, details, created_at, created_at
    from (
      select ${e.id('o', o)} as id,
             (array['cask', 'bottle', 'experience'])[1 + o % 3] as type,
             case o % 3
               when 0 then ${distillery(e, o, 70)} || ' ' || (1990 + ${rnd(o, 71)} % 31) || ' ' ||
                           ${pick(CASK_FINISHES, o, 72)} || ' ' || ${caskTypeName(e, o, 73)}
               when 1 then ${distillery(e, o, 70)} || ' ' || (12 + 3 * (${rnd(o, 71)} % 7)) || ' Year Old'
               else ${pick(experienceTitles, o, 74)}
             end as title,
             (case o % 3
               when 0 then 8000 + (${rnd(o, 75)} % 285) * 500
               when 1 then 150 + (${rnd(o, 75)} % 386) * 10
               else 250 + (${rnd(o, 75)} % 66) * 50
             end)::numeric(14, 2) as price,
             ${rnd(o, 76)} % 100 < 75 as is_active,
             ${rnd(o, 77)} % 100 < 30 as is_featured,
             (${anchor} at time zone 'UTC')::date + (${rnd(o, 78)} % 170)::int - 20 as expiry_date,
             'Offered to members of the club.' as description,
             ${pick(['standard', 'standard', 'premium', 'limited'], o, 79)} as category,
             ${pick(WAREHOUSES, o, 80)} as location,
             ${offerDetailsSql(e)} as details,
             ${anchor} - make_interval(days => (${rnd(o, 87)} % 300)::int) as created_at
      from generate_series(0, ${count - 1}) as o
    ) as source`);
}

/** Order p: its customer, and when it was placed (after that customer signed up). */
const buyer = (e: Expressions, x: SQL) => sql`(${e.rnd(x, 40)} % ${e.n})`;
const submitted = (e: Expressions, x: SQL) =>
  e.during(buyer(e, x), sql`(${e.rnd(x, 43)} % 1000) / 1000.0`);

function ordersSql(e: Expressions, counts: ReturnType<typeof bulkCounts>) {
  const { rnd, pick } = e;
  const sb = sql`s.buyer`;
  return statement(sql`
    insert into orders (id, customer_id, offer_id, title, contact_full_name, contact_email,
                           preferred_contact_method, phone_number, investment_amount, status,
                           cask_progress, manual_payment_status, is_first_purchase,
                           referral_points_amount, submitted_date, days_left, created_at, updated_at,
                           order_number)
    select s.id, ${e.id('c', sb)}, o.id, o.title,
           ${e.firstName(sb)} || ' ' || ${e.lastName(sb)}, ${e.email(sb)},
           s.contact, ${e.phone(sb)}, s.amount, s.status, s.progress, s.payment,
           s.nth = 1,
           case when s.nth = 1 and s.buyer % 10 = 3 then 250 else 0 end,
           s.submitted, s.days_left, s.submitted, s.submitted,
           -- The reference's number in order of creation (issue 41), after any order already there.
           (select coalesce(max(order_number), 0) from orders)
             + row_number() over (order by s.submitted, s.id)
    from (
      select ${e.id('p', p)} as id, ${buyer(e, p)} as buyer,
             ${e.id('o', sql`${rnd(p, 41)} % ${counts.offers}`)} as offer_id,
             ${pick(['email', 'phone', 'whatsapp'], p, 44)} as contact,
             (1000 + (${rnd(p, 42)} % 1490) * 100)::numeric(14, 2) as amount,
             case when ${rnd(p, 45)} % 100 < 35 then 'Active' when ${rnd(p, 45)} % 100 < 65 then 'Pending'
                  when ${rnd(p, 45)} % 100 < 90 then 'Delivered' else 'Reject' end as status,
             (array['Ready', 'Maturing'])[1 + ${rnd(p, 46)} % 2] as progress,
             case when ${rnd(p, 47)} % 100 < 40 then 'paid' when ${rnd(p, 47)} % 100 < 65 then 'due'
                  when ${rnd(p, 47)} % 100 < 85 then 'completed' when ${rnd(p, 47)} % 100 < 95 then 'Delivered'
                  else 'refunded' end as payment,
             ${submitted(e, p)} as submitted,
             (${rnd(p, 48)} % 61)::int as days_left,
             row_number() over (partition by ${buyer(e, p)} order by ${submitted(e, p)}, p) as nth
      from generate_series(0, ${counts.orders - 1}) as p
    ) as s
    join offers o on o.id = s.offer_id`);
}

/** A note for every other order, a second one for every sixth. */
function orderNotesSql(e: Expressions, count: number) {
  return statement(sql`
    insert into order_notes (order_id, content, created_at)
    select ${e.id('p', p)}, ${e.pick(ORDER_NOTES, sql`p * 2 + nth`, 49)},
           least(${e.anchor}, ${submitted(e, p)} + make_interval(days => nth * 3))
    from generate_series(0, ${count - 1}) as p
    cross join generate_series(1, 2) as nth
    where (nth = 1 and p % 2 = 0) or (nth = 2 and p % 6 = 0)`);
}

/** Customer 10j + 3 was referred by an older customer. */
function referralsSql(e: Expressions, count: number) {
  const { rnd, anchor, createdAt } = e;
  const referee = sql`(10 * (${j}) + 3)`;
  const referrer = sql`(${rnd(j, 50)} % ${referee})`;
  const completed = sql`(${rnd(j, 51)} % 100 < 60)`;
  const completedAt = sql`least(${anchor}, ${createdAt(referee)} + make_interval(days => (3 + ${rnd(j, 52)} % 58)::int))`;
  return statement(sql`
    insert into referrals (id, referrer_id, referee_id, referral_code, status, reward_amount,
                           currency, completed_date, first_purchase_amount, first_purchase_date,
                           admin_notes, points_awarded, reward_paid, created_at, updated_at)
    select ${e.id('r', j)}, ${e.id('c', referrer)}, ${e.id('c', referee)},
           ${e.referralCode(referrer)},
           case when ${completed} then 'completed' else 'pending' end,
           (array[50, 100, 150, 250, 500])[1 + ${rnd(j, 53)} % 5]::numeric(14, 2),
           'USD',
           case when ${completed} then ${completedAt} end,
           case when ${completed} then (2000 + (${rnd(j, 54)} % 580) * 100)::numeric(14, 2) end,
           case when ${completed} then ${completedAt} end,
           null,
           (array[100, 200, 250, 500])[1 + ${rnd(j, 55)} % 4],
           ${completed} and ${rnd(j, 56)} % 10 < 7,
           ${createdAt(referee)},
           case when ${completed} then ${completedAt} else ${createdAt(referee)} end
    from generate_series(0, ${count - 1}) as j`);
}

/** The credit at 30% of the membership, the redemption at 70%: never below zero in between. */
function pointTransactionsSql(e: Expressions, from: number, to: number) {
  const { rnd, during } = e;
  return statement(sql`
    insert into point_transactions (customer_id, points, type, description, created_at)
    select ${e.id('c', i)}, e.points, e.type, e.description, e.at
    from generate_series(${from}, ${to}) as i
    cross join lateral (values
      (${credit(e, i)},
       case when ${rnd(i, 62)} % 2 = 0 then 'referral' else 'purchase' end,
       case when ${rnd(i, 62)} % 2 = 0 then 'Referral reward' else 'Points for order' end,
       ${during(i, sql`0.3`)}),
      (-${redemption(e, i)}, 'manual_adjustment', 'Redeemed: bottle voucher', ${during(i, sql`0.7`)})
    ) as e(points, type, description, at)
    where i % 5 = 0`);
}

function notificationsSql(e: Expressions, count: number) {
  const { rnd, pick, anchor } = e;
  const types = Object.keys(NOTIFICATION_TEMPLATES) as (keyof typeof NOTIFICATION_TEMPLATES)[];
  const categories = [
    'System',
    'Account',
    'Rewards',
    'Billing',
    'Investment',
    'Marketing',
    'Orders',
  ];
  const type = sql`g % 7`;
  const title = sql`(case ${sql.join(
    types.map(
      (name, index) =>
        sql`when ${type} = ${index} then ${pick(
          NOTIFICATION_TEMPLATES[name].map((x) => x.title),
          g,
          90,
        )}`,
    ),
    sql` `,
  )} end)`;
  return statement(sql`
    insert into notifications (title, message, type, priority, category, is_global, recipient_id, created_at)
    select ${title}, 'Please see your member portal for the details.',
           ${textArray(types)}[1 + g % 7],
           ${pick(['low', 'medium', 'medium', 'high', 'urgent'], g, 91)},
           ${textArray(categories)}[1 + g % 7],
           ${rnd(g, 92)} % 10 = 0,
           case when ${rnd(g, 92)} % 10 = 0 then null else ${e.id('c', sql`${rnd(g, 93)} % ${e.n}`)} end,
           ${anchor} - make_interval(secs => (${rnd(g, 94)} % 7776000)::double precision)
    from generate_series(0, ${count - 1}) as g`);
}

export function createBulkSql(shape: BulkShape) {
  const e = createExpressions(shape);
  const counts = bulkCounts(shape.customers);
  return {
    counts,
    /** The anchor's day (UTC): the gauge histories end before it (seed.repository.ts). */
    anchorDay: statement(sql`(${e.anchor} at time zone 'UTC')::date`),
    customers: (from: number, to: number) => customersSql(e, from, to),
    warehouses: warehousesSql(e),
    casks: (from: number, to: number) => casksSql(e, from, to),
    caskAppreciation: caskAppreciationSql(e),
    caskValuations: caskValuationsSql(e),
    offers: offersSql(e, counts.offers),
    orders: ordersSql(e, counts),
    /** The next order an admin's action adds is numbered after the seeded ones. */
    orderNumbers: sql`
    select setval(pg_get_serial_sequence('orders', 'order_number'),
                  coalesce((select max(order_number) from orders), 0) + 1, false)`,
    orderNotes: orderNotesSql(e, counts.orders),
    referrals: referralsSql(e, counts.referrals),
    pointTransactions: (from: number, to: number) => pointTransactionsSql(e, from, to),
    notifications: notificationsSql(e, counts.notifications),
  };
}
