/**
 * The bulk seeder's SQL: every row is computed on the server from its index in generate_series,
 * with hashint8extended(index, seed) as the pseudo-random source, so a million rows never cross
 * the wire and the same seed always gives the same rows. A value other rows need (a customer's
 * id, name, e-mail, sign-up time or referral code) is a pure function of the customer's index,
 * recomputed where needed instead of joined.
 */
import {
  BOTTLE_LITRES,
  CASK_FINISHES,
  CASK_TYPES,
  DISTILLERIES,
  EMAIL_DOMAINS,
  EXPERIENCES,
  FIRST_NAMES,
  LAST_NAMES,
  NOTIFICATION_TEMPLATES,
  PURCHASE_NOTES,
  SEARCH_TERMS,
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

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) => `(ARRAY[${items.map(literal).join(',')}]::text[])`;

export function bulkCounts(customers: number) {
  return {
    customers,
    casks: Math.floor(customers / 3),
    offers: Math.max(30, Math.ceil(customers / 5000)),
    purchases: Math.floor(customers / 4),
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

export function createBulkSql(shape: BulkShape) {
  const { customers: n, seed } = shape;
  const counts = bulkCounts(n);
  const anchor = `'${shape.anchor.toISOString()}'::timestamptz`;
  const step = Math.max(1, Math.floor(SPAN_SECONDS / n));

  /** A non-negative pseudo-random bigint for (index, stream); the same inputs, the same value. */
  const rnd = (index: string, stream: number) =>
    `(hashint8extended((${index})::bigint, ${seed * 1000 + stream}) & 9223372036854775807)`;
  const pick = (items: readonly string[], index: string, stream: number) =>
    `${textArray(items)}[1 + ${rnd(index, stream)} % ${items.length}]`;
  /** A version-4-shaped UUID from md5(seed:kind:index): the contracts validate ids as UUIDs. */
  const id = (kind: string, index: string) =>
    `overlay(overlay(md5('${seed}:${kind}:' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;

  const rare = rareIndexes(n).join(',');
  const firstName = (i: string) => pick(FIRST_NAMES, i, 1);
  const lastName = (i: string) =>
    `(case when (${i}) in (${rare}) then ${literal(SEARCH_TERMS.rare)}` +
    ` when (${i}) % 50 = 7 then ${literal(SEARCH_TERMS.common)}` +
    ` else ${pick(LAST_NAMES, i, 2)} end)`;
  const email = (i: string) =>
    `lower(${firstName(i)} || '.' || ${lastName(i)} || '.' || (${i})) || '@' || ${pick(EMAIL_DOMAINS, i, 3)}`;
  /** Seconds before the anchor the customer signed up: strictly increasing with the index. */
  const ageSeconds = (i: string) =>
    `((${n - 1} - (${i}))::bigint * ${step} + ${rnd(i, 5)} % ${step} + 60)`;
  const createdAt = (i: string) => `(${anchor} - make_interval(secs => ${ageSeconds(i)}))`;
  /** A moment in the customer's membership: fraction 0 is sign-up, 1 is the anchor. */
  const during = (i: string, fraction: string) =>
    `(${anchor} - make_interval(secs => ${ageSeconds(i)} * (1 - (${fraction}))))`;
  const referralCode = (i: string) =>
    `upper(lpad(to_hex(((${i})::bigint * 2654435761 + ${seed}) % 281474976710656), 12, '0'))`;
  const phone = (i: string) =>
    `(case when ${rnd(i, 6)} % 10 < 3 then null` +
    ` when ${rnd(i, 6)} % 10 < 7 then '+447700900' || lpad((${rnd(i, 7)} % 1000)::text, 3, '0')` +
    ` else '+1202555' || lpad((100 + ${rnd(i, 7)} % 100)::text, 4, '0') end)`;
  /** Two ledger entries for customers 0, 5, 10...: a credit, then a redemption of part of it. */
  const credit = (i: string) => `(50 + ${rnd(i, 60)} % 951)`;
  const redemption = (i: string) => `(1 + ${rnd(i, 61)} % ${credit(i)})`;
  const isDeleted = (i: string) => `((${i}) % 500 = 499 and (${i}) not in (${rare}))`;

  const customers = (from: number, to: number) => `
    insert into customers (id, full_name, email, phone, is_active, referral_code, points_balance,
                           deleted_at, created_at, updated_at)
    select ${id('c', 'i')},
           ${firstName('i')} || ' ' || ${lastName('i')},
           ${email('i')},
           ${phone('i')},
           ${rnd('i', 4)} % 100 >= 8,
           ${referralCode('i')},
           case when i % 5 = 0 then ${credit('i')} - ${redemption('i')} else 0 end,
           case when ${isDeleted('i')} then ${during('i', '0.9')} end,
           ${createdAt('i')},
           ${createdAt('i')}
    from generate_series(${from}, ${to}) as i`;

  const distillery = (k: string, s: number) =>
    pick(
      DISTILLERIES.map((d) => d.name),
      k,
      s,
    );
  const caskTypeIndex = (k: string, s: number) => `(1 + ${rnd(k, s)} % ${CASK_TYPES.length})`;
  const caskTypeName = (k: string, s: number) =>
    `${textArray(CASK_TYPES.map((t) => t.name))}[${caskTypeIndex(k, s)}]`;
  const caskVolume = (k: string, s: number) =>
    `(ARRAY[${CASK_TYPES.map((t) => t.litres).join(',')}]::numeric[])[${caskTypeIndex(k, s)}]`;

  const casks = (from: number, to: number) => `
    insert into casks (id, name, distillery, year, volume, abv, location, estimated_value,
                       current_value, purchase_price, status, owner_id, type, notes, purchase_date,
                       created_at, updated_at)
    select id, name, distillery, year, volume, abv, location,
           round(current_value * 1.05, 2), current_value, purchase_price,
           case when type = 'experience' then 'Experience'
                when ${rnd('k', 26)} % 100 < 45 then 'Ready' else 'Maturing' end,
           owner_id, type, null, purchase_date, purchase_date, purchase_date
    from (
      select k, ${id('k', 'k')} as id,
             ${distillery('k', 21)} || ' ' || (1988 + ${rnd('k', 22)} % 34) || ' ' ||
               ${pick(CASK_FINISHES, 'k', 24)} || ' ' || ${caskTypeName('k', 23)} as name,
             ${distillery('k', 21)} as distillery,
             (1988 + ${rnd('k', 22)} % 34)::int as year,
             ${caskVolume('k', 23)} as volume,
             round(46 + (${rnd('k', 27)} % 200) / 10.0, 1) as abv,
             ${pick(WAREHOUSES, 'k', 28)} as location,
             (4000 + (${rnd('k', 29)} % 2320) * 50)::numeric(14, 2) as purchase_price,
             round((4000 + (${rnd('k', 29)} % 2320) * 50) * (0.95 + (${rnd('k', 30)} % 1000) * 0.0009), 2)
               as current_value,
             case when ${rnd('k', 25)} % 100 < 90 then 'cask'
                  when ${rnd('k', 25)} % 100 < 96 then 'bottle' else 'experience' end as type,
             ${id('c', `${rnd('k', 20)} % ${n}`)} as owner_id,
             ${anchor} - make_interval(days => (30 + ${rnd('k', 31)} % 1800)::int) as purchase_date
      from generate_series(${from}, ${to}) as k
    ) as c`;

  /**
   * This month's value for every cask (what the appreciation trigger writes, disabled during the
   * load), and eleven months before it for one cask in five, rising from the price paid.
   */
  const caskAppreciation = `
    insert into cask_appreciation (cask_id, month, value)
    select c.id, m.month, round(c.purchase_price + (c.current_value - c.purchase_price) * (12 - m.back) / 12.0, 2)
    from casks c
    cross join lateral (
      select back, (date_trunc('month', ${anchor} at time zone 'UTC') - make_interval(months => back))::date as month
      from generate_series(0, 11) as back
    ) as m
    where (m.back = 0 or (hashtext(c.id::text) & 2147483647) % 5 = 0)
      and m.month >= date_trunc('month', c.purchase_date at time zone 'UTC')::date`;

  const experienceTitles = EXPERIENCES.map((e) => e.title);
  const offers = `
    insert into offers (id, title, type, price_numeric, original_price, current_price, is_active,
                        is_featured, expiry_date, description, category, location, details,
                        created_at, updated_at)
    select id, title, type, price, round(price * 0.85, 2), price, is_active, is_featured,
           expiry_date, description, category, location, details, created_at, created_at
    from (
      select ${id('o', 'o')} as id,
             (array['cask', 'bottle', 'experience'])[1 + o % 3] as type,
             case o % 3
               when 0 then ${distillery('o', 70)} || ' ' || (1990 + ${rnd('o', 71)} % 31) || ' ' ||
                           ${pick(CASK_FINISHES, 'o', 72)} || ' ' || ${caskTypeName('o', 73)}
               when 1 then ${distillery('o', 70)} || ' ' || (12 + 3 * (${rnd('o', 71)} % 7)) || ' Year Old'
               else ${pick(experienceTitles, 'o', 74)}
             end as title,
             (case o % 3
               when 0 then 8000 + (${rnd('o', 75)} % 285) * 500
               when 1 then 150 + (${rnd('o', 75)} % 386) * 10
               else 250 + (${rnd('o', 75)} % 66) * 50
             end)::numeric(14, 2) as price,
             ${rnd('o', 76)} % 100 < 75 as is_active,
             ${rnd('o', 77)} % 100 < 30 as is_featured,
             (${anchor} at time zone 'UTC')::date + (${rnd('o', 78)} % 170)::int - 20 as expiry_date,
             'Offered to members of the club.' as description,
             ${pick(['standard', 'standard', 'premium', 'limited'], 'o', 79)} as category,
             ${pick(WAREHOUSES, 'o', 80)} as location,
             case o % 3
               when 0 then jsonb_build_object(
                 'distillery', ${distillery('o', 70)},
                 'caskType', ${pick(CASK_FINISHES, 'o', 72)} || ' ' || ${caskTypeName('o', 73)},
                 'vintage', 1990 + ${rnd('o', 71)} % 31,
                 'abv', round(50 + (${rnd('o', 81)} % 150) / 10.0, 1),
                 'volume', ${caskVolume('o', 73)})
               when 1 then jsonb_build_object(
                 'distillery', ${distillery('o', 70)},
                 'packaging', ${pick(['Presentation box', 'Wooden case', 'Gift tube'], 'o', 82)},
                 'quantity', 6 * (1 + ${rnd('o', 83)} % 20),
                 'volume', ${BOTTLE_LITRES},
                 'certificate', 'Certificate of authenticity')
               else jsonb_build_object(
                 'packaging', 'Digital voucher',
                 'duration', ${pick(['3 hours', '1 day', '2 days'], 'o', 84)},
                 'testing', (3 + ${rnd('o', 85)} % 6) || ' drams from the club''s casks',
                 'participants', 2 * (1 + ${rnd('o', 86)} % 6),
                 'includes', 'Tasting, lunch and transfers')
             end as details,
             ${anchor} - make_interval(days => (${rnd('o', 87)} % 300)::int) as created_at
      from generate_series(0, ${counts.offers - 1}) as o
    ) as source`;

  /** Purchase p: its customer, and when it was placed (after that customer signed up). */
  const buyer = (p: string) => `(${rnd(p, 40)} % ${n})`;
  const submitted = (p: string) => during(buyer(p), `(${rnd(p, 43)} % 1000) / 1000.0`);
  const purchases = `
    insert into purchases (id, customer_id, offer_id, title, contact_full_name, contact_email,
                           preferred_contact_method, phone_number, investment_amount, status,
                           cask_progress, manual_payment_status, is_first_purchase,
                           referral_points_amount, submitted_date, days_left, created_at, updated_at,
                           order_number)
    select s.id, ${id('c', 's.buyer')}, o.id, o.title,
           ${firstName('s.buyer')} || ' ' || ${lastName('s.buyer')}, ${email('s.buyer')},
           s.contact, ${phone('s.buyer')}, s.amount, s.status, s.progress, s.payment,
           s.nth = 1,
           case when s.nth = 1 and s.buyer % 10 = 3 then 250 else 0 end,
           s.submitted, s.days_left, s.submitted, s.submitted,
           -- The reference's number in order of creation (issue 41), after any order already there.
           (select coalesce(max(order_number), 0) from purchases)
             + row_number() over (order by s.submitted, s.id)
    from (
      select ${id('p', 'p')} as id, ${buyer('p')} as buyer,
             ${id('o', `${rnd('p', 41)} % ${counts.offers}`)} as offer_id,
             ${pick(['email', 'phone', 'whatsapp'], 'p', 44)} as contact,
             (1000 + (${rnd('p', 42)} % 1490) * 100)::numeric(14, 2) as amount,
             case when ${rnd('p', 45)} % 100 < 35 then 'Active' when ${rnd('p', 45)} % 100 < 65 then 'Pending'
                  when ${rnd('p', 45)} % 100 < 90 then 'Delivered' else 'Reject' end as status,
             (array['Ready', 'Maturing'])[1 + ${rnd('p', 46)} % 2] as progress,
             case when ${rnd('p', 47)} % 100 < 40 then 'paid' when ${rnd('p', 47)} % 100 < 65 then 'due'
                  when ${rnd('p', 47)} % 100 < 85 then 'completed' when ${rnd('p', 47)} % 100 < 95 then 'Delivered'
                  else 'refunded' end as payment,
             ${submitted('p')} as submitted,
             (${rnd('p', 48)} % 61)::int as days_left,
             row_number() over (partition by ${buyer('p')} order by ${submitted('p')}, p) as nth
      from generate_series(0, ${counts.purchases - 1}) as p
    ) as s
    join offers o on o.id = s.offer_id`;

  /** The next order an admin's action adds is numbered after the seeded ones. */
  const purchaseNumbers = `
    select setval(pg_get_serial_sequence('purchases', 'order_number'),
                  coalesce((select max(order_number) from purchases), 0) + 1, false)`;

  /** A note for every other order, a second one for every sixth. */
  const purchaseNotes = `
    insert into purchase_notes (purchase_id, content, created_at)
    select ${id('p', 'p')}, ${pick(PURCHASE_NOTES, 'p * 2 + nth', 49)},
           least(${anchor}, ${submitted('p')} + make_interval(days => nth * 3))
    from generate_series(0, ${counts.purchases - 1}) as p
    cross join generate_series(1, 2) as nth
    where (nth = 1 and p % 2 = 0) or (nth = 2 and p % 6 = 0)`;

  /** Customer 10j + 3 was referred by an older customer. */
  const referee = (j: string) => `(10 * (${j}) + 3)`;
  const referrer = (j: string) => `(${rnd(j, 50)} % ${referee(j)})`;
  const completed = (j: string) => `(${rnd(j, 51)} % 100 < 60)`;
  const completedAt = (j: string) =>
    `least(${anchor}, ${createdAt(referee(j))} + make_interval(days => (3 + ${rnd(j, 52)} % 58)::int))`;
  const referrals = `
    insert into referrals (id, referrer_id, referee_id, referral_code, status, reward_amount,
                           currency, completed_date, first_purchase_amount, first_purchase_date,
                           admin_notes, points_awarded, reward_paid, created_at, updated_at)
    select ${id('r', 'j')}, ${id('c', referrer('j'))}, ${id('c', referee('j'))},
           ${referralCode(referrer('j'))},
           case when ${completed('j')} then 'completed' else 'pending' end,
           (array[50, 100, 150, 250, 500])[1 + ${rnd('j', 53)} % 5]::numeric(14, 2),
           'USD',
           case when ${completed('j')} then ${completedAt('j')} end,
           case when ${completed('j')} then (2000 + (${rnd('j', 54)} % 580) * 100)::numeric(14, 2) end,
           case when ${completed('j')} then ${completedAt('j')} end,
           null,
           (array[100, 200, 250, 500])[1 + ${rnd('j', 55)} % 4],
           ${completed('j')} and ${rnd('j', 56)} % 10 < 7,
           ${createdAt(referee('j'))},
           case when ${completed('j')} then ${completedAt('j')} else ${createdAt(referee('j'))} end
    from generate_series(0, ${counts.referrals - 1}) as j`;

  /** The credit at 30% of the membership, the redemption at 70%: never below zero in between. */
  const pointTransactions = (from: number, to: number) => `
    insert into point_transactions (customer_id, points, type, description, created_at)
    select ${id('c', 'i')}, e.points, e.type, e.description, e.at
    from generate_series(${from}, ${to}) as i
    cross join lateral (values
      (${credit('i')},
       case when ${rnd('i', 62)} % 2 = 0 then 'referral' else 'purchase' end,
       case when ${rnd('i', 62)} % 2 = 0 then 'Referral reward' else 'Points for order' end,
       ${during('i', '0.3')}),
      (-${redemption('i')}, 'manual_adjustment', 'Redeemed: bottle voucher', ${during('i', '0.7')})
    ) as e(points, type, description, at)
    where i % 5 = 0`;

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
  const notificationTitle = (t: string) =>
    `(case ${types
      .map(
        (type, index) =>
          `when ${t} = ${index} then ${pick(
            NOTIFICATION_TEMPLATES[type].map((x) => x.title),
            'g',
            90,
          )}`,
      )
      .join(' ')} end)`;
  const notifications = `
    insert into notifications (title, message, type, priority, category, is_global, recipient_id, created_at)
    select ${notificationTitle('g % 7')}, 'Please see your member portal for the details.',
           ${textArray(types)}[1 + g % 7],
           ${pick(['low', 'medium', 'medium', 'high', 'urgent'], 'g', 91)},
           ${textArray(categories)}[1 + g % 7],
           ${rnd('g', 92)} % 10 = 0,
           case when ${rnd('g', 92)} % 10 = 0 then null else ${id('c', `${rnd('g', 93)} % ${n}`)} end,
           ${anchor} - make_interval(secs => (${rnd('g', 94)} % 7776000)::double precision)
    from generate_series(0, ${counts.notifications - 1}) as g`;

  return {
    counts,
    /** The anchor's day (UTC): the gauge histories end before it (seed.repository.ts). */
    anchorDay: `(${anchor} at time zone 'UTC')::date`,
    customers,
    casks,
    caskAppreciation,
    offers,
    purchases,
    purchaseNumbers,
    purchaseNotes,
    referrals,
    pointTransactions,
    notifications,
  };
}
