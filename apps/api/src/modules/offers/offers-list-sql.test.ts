import { sql } from 'drizzle-orm';
import { uploadUrl } from '@cask/contracts/files';
import type { OfferListResponse } from '@cask/contracts/offers';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { getData } from '../../../test/support/requests.ts';
import {
  expectListMatchesSql,
  seedListData,
  expectEveryPage,
} from '../../../test/support/list-against-sql.ts';
import {
  addOffer,
  BOTTLE_DETAILS,
  multipartForm,
  type FileSpec,
} from '../../../test/support/offers.ts';
import { shadedPng } from '../../../test/support/images.ts';

// Issue 14: the offers list, read through the list path (db/list.ts), answers exactly what plain SQL
// answers, for every type, with and without a search, on every kind of page, with the images of
// each offer, and after two deletes (both retire, decision 273) the remembered totals did not see.
const ctx = useTestContext();
let admin: TestAdmin;
/** A whole offer title of the bulk data: a search only a few offers match. */
let rareTerm: string;

const TYPES = [undefined, 'cask', 'bottle', 'experience'] as const;
/** In every bottle's title of the bulk data (and the offers added below). */
const COMMON_TERM = 'year old';

beforeAll(async () => {
  await seedListData(ctx);
  admin = await createAdmin(ctx);
  // Offers with a banner and sliding images, added through the API as the screen does.
  const added: [string, number][] = [
    ['Lagavulin 16 Year Old, boxed', 3],
    ['Talisker 10 Year Old, boxed', 1],
    ['Ardbeg Corryvreckan, boxed', 0],
  ];
  for (const [title, slides] of added) {
    const fields = {
      title,
      type: 'bottle',
      currentPrice: '450',
      expiryDate: '2031-06-30',
      description: 'Bottled for the members.',
      details: BOTTLE_DETAILS,
    };
    const files: FileSpec[] = [
      { field: 'offerImage', bytes: await shadedPng(10), name: 'offerImage.png' },
    ];
    for (let i = 0; i < slides; i++) {
      files.push({ field: 'offerImages', bytes: await shadedPng(20 + i), name: 'offerImages.png' });
    }
    await addOffer(ctx, admin, multipartForm(fields, files));
  }
  const [[title]] = (await ctx.database.readRows(
    sql`select title from offers order by created_at asc, id asc limit 1`,
    { prepared: false },
  )) as [[string]];
  rareTerm = title.toLowerCase();
}, 120_000);

function offerCases(type: string | undefined, term: string | undefined) {
  const conditions = [sql`retired_at is null`];
  if (type !== undefined) conditions.push(sql`type = ${type}`);
  if (term !== undefined) {
    // The API searches the term literally: its pattern characters are escaped.
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`(title ilike ${pattern} or description ilike ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const query: Record<string, string> = {};
  if (type !== undefined) query.type = type;
  if (term !== undefined) query.search = term;
  return {
    url: '/api/offers',
    itemsKey: 'offers',
    countSql: sql`select count(*)::int from offers where ${where}`,
    idsSql: (limit: number, offset: number) =>
      sql`select id from offers where ${where} order by created_at desc, id desc limit ${limit} offset ${offset}`,
    filter: query,
  };
}

test('the offers list answers what plain SQL answers for every type on every kind of page', async () => {
  for (const type of TYPES) {
    const total = await expectEveryPage(ctx, admin, offerCases(type, undefined), 3);
    expect(total).toBeGreaterThan(type === undefined ? 30 : 9);
  }
});

test('the offers list answers what plain SQL answers for a common, a rare and no match', async () => {
  for (const type of TYPES) {
    for (const term of [COMMON_TERM, rareTerm, 'no-such-offer', '%']) {
      const total = await expectEveryPage(ctx, admin, offerCases(type, term), 3);
      if (type === undefined && term === COMMON_TERM) expect(total).toBeGreaterThan(6);
      if (type === undefined && term === rareTerm) expect(total).toBeGreaterThan(0);
    }
  }
});

test('each offer shows its banner and sliding images, and the cards are the tables', async () => {
  const [[total, active]] = (await ctx.database.readRows(
    sql`select count(*)::int, (count(*) filter (where is_active))::int from offers where retired_at is null`,
    { prepared: false },
  )) as [[number, number]];
  const { offers, stats } = await getData<OfferListResponse>(ctx, admin, '/api/offers', {
    limit: 100,
  });
  expect(stats).toEqual({ totalOffers: total, activeOffers: active });
  expect(offers).toHaveLength(total);
  const rows = (await ctx.database.readRows(
    sql`select o.id, o.image_file_id, coalesce((select json_agg(i.file_id order by i.position)
       from offer_images i where i.offer_id = o.id), '[]'::json)
     from offers o where o.retired_at is null`,
    { prepared: false },
  )) as [string, string | null, string[]][];
  const expected = new Map(
    rows.map(([id, banner, slides]) => [
      id,
      { image: banner ? uploadUrl(banner) : null, images: slides.map(uploadUrl) },
    ]),
  );
  for (const offer of offers) {
    expect({ image: offer.image, images: offer.images }, offer.title).toEqual(
      expected.get(offer.id),
    );
  }
  expect(offers.filter((offer) => offer.images.length > 0)).toHaveLength(2);
  expect(offers.filter((offer) => offer.image !== null)).toHaveLength(3);
});

test('after two deletes the list reads the new totals and rows', async () => {
  const limit = 3;
  const bottles = offerCases('bottle', COMMON_TERM);
  const { filter: bottleFilter, ...bottleList } = bottles;
  const before = await expectListMatchesSql(ctx, admin, {
    ...bottleList,
    query: { ...bottleFilter, limit },
  });
  const all = offerCases(undefined, undefined);
  const { filter: _none, ...allList } = all;
  const allBefore = await expectListMatchesSql(ctx, admin, { ...allList, query: { limit } });
  // Remember totals near the far ends, then delete the newest matching bottle (it has no orders)
  // and the oldest offer of another type that orders refer to: both are retired.
  const lastAll = Math.ceil(allBefore.total / limit);
  await expectListMatchesSql(ctx, admin, { ...allList, query: { page: lastAll, limit } });
  const lastBottle = Math.ceil(before.total / limit);
  await expectListMatchesSql(ctx, admin, {
    ...bottleList,
    query: { ...bottleFilter, page: lastBottle, limit },
  });
  const [[ordered]] = (await ctx.database.readRows(
    sql`select o.id from offers o where o.retired_at is null and o.type <> 'bottle'
       and exists (select 1 from orders p where p.offer_id = o.id)
     order by o.created_at asc, o.id asc limit 1`,
    { prepared: false },
  )) as [[string]];
  const removed: boolean[] = [];
  for (const id of [before.ids[0], ordered]) {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/offers/${String(id)}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    removed.push(res.json<{ data: { retired: boolean } }>().data.retired);
  }
  expect(removed).toEqual([true, true]);
  // The far end first: a window read from the oldest end depends on the total.
  for (const page of [lastBottle, lastBottle + 1, 1]) {
    const after = await expectListMatchesSql(ctx, admin, {
      ...bottleList,
      query: { ...bottleFilter, page, limit },
    });
    expect(after.total).toBe(before.total - 1);
  }
  for (const page of [lastAll, lastAll - 1, lastAll + 1, 1]) {
    const after = await expectListMatchesSql(ctx, admin, { ...allList, query: { page, limit } });
    expect(after.total).toBe(allBefore.total - 2);
  }
  for (const type of TYPES) await expectEveryPage(ctx, admin, offerCases(type, undefined), 3);
  const { stats } = await getData<OfferListResponse>(ctx, admin, '/api/offers');
  expect(stats.totalOffers).toBe(allBefore.total - 2);
});
