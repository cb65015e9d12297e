import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { ifMatchHeaders, RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { DEADLINE_BEFORE_CREATION } from '@cask/contracts/offer-form';
import { type Offer, type OfferListResponse } from '@cask/contracts/offers';
import { offers } from '../../db/schema/offers.ts';
import { orders } from '../../db/schema/orders.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import {
  createOffer,
  createOrder,
  uniqueMarker,
  auditEntriesOf,
} from '../../../test/support/factories.ts';
import { adminApi } from '../../../test/support/api.ts';
import {
  addOffer,
  BOTTLE_DETAILS,
  CASK_DETAILS,
  expectExactOfferStats,
  fileIdOf,
  multipartForm,
  offerFields,
  offerImageFiles,
  offerTableCounts,
  storedFileIds,
} from '../../../test/support/offers.ts';
import { daysLeft } from './offers.repository.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
let png: Buffer;
beforeAll(async () => {
  admin = await createAdmin(ctx);
  png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 130, b: 40 } },
  })
    .png()
    .toBuffer();
});

/** The details as answered: ABV in percent and volume in litres, as numbers (issue 27). */
const CASK_DETAILS_SAVED = { ...CASK_DETAILS, abv: 58.2, volume: 500 };
const BOTTLE_DETAILS_SAVED = { ...BOTTLE_DETAILS, volume: 0.7 };
const EXPERIENCE_DETAILS = {
  packaging: 'Digital voucher',
  duration: '1 day',
  testing: '5 drams',
  participants: 4,
  includes: 'Lunch and transfers',
};

/** ABV and volume details that are no such number, with the field error each gets. */
const MEASURE_CASES: [string, Record<string, string | object>, string, string][] = [
  ...['-5%', 'NaN', '1e999', '101%'].map(
    (abv): [string, Record<string, object>, string, string] => [
      `an ABV of ${abv}`,
      { details: { ...CASK_DETAILS, abv } },
      'details.abv',
      abv === '101%'
        ? 'ABV must be from 0 to 100%'
        : 'ABV must be a percentage, e.g. 58.4 or 58.4%',
    ],
  ),
  ...['-5L', 'NaN', '1e999', 'lots'].map(
    (volume): [string, Record<string, string | object>, string, string] => [
      `a volume of ${volume}`,
      { type: 'bottle', details: { ...BOTTLE_DETAILS, volume } },
      'details.volume',
      'Volume must be a number of litres, e.g. 250 or 250L (or 70cl, 700ml)',
    ],
  ),
];

describe('POST /offers', () => {
  test.each([
    ['cask', CASK_DETAILS, CASK_DETAILS_SAVED],
    ['bottle', BOTTLE_DETAILS, BOTTLE_DETAILS_SAVED],
    ['experience', EXPERIENCE_DETAILS, EXPERIENCE_DETAILS],
  ])('adds a %s offer with a banner and three sliding images', async (type, details, saved) => {
    const res = await api.post(
      '/api/offers',
      multipartForm(
        offerFields({ type, details: { ...details, unknownKey: 'dropped' } }),
        offerImageFiles(png, [png, png, png]),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Offer added successfully');
    const offer: Offer = res.json().data.offer;
    expect(offer).toMatchObject({
      type,
      priceNumeric: 15000,
      currentPrice: 15000,
      originalPrice: 12000.5,
      expiryDate: '2031-06-30',
      isActive: true,
      isFeatured: true,
      category: 'standard',
      location: 'Warehouse 4',
      details: saved,
    });
    expect(offer.details).not.toHaveProperty('unknownKey');
    expect(offer.daysLeft).toBeGreaterThan(0);
    expect(offer.image).toMatch(/^\/uploads\//);
    expect(offer.images).toHaveLength(3);
    // Every image is stored, re-encoded and served.
    for (const url of [offer.image ?? '', ...offer.images]) {
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    }
    const entries = await auditEntriesOf(ctx, { entityId: offer.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'offer.created',
      adminId: admin.id,
      entity: 'offer',
    });
    const uploads = await auditEntriesOf(ctx, { entityId: fileIdOf(offer.images[0] ?? '') });
    expect(uploads[0]).toMatchObject({ action: 'file.uploaded', after: { purpose: 'offer' } });
  });

  test('an offer without images, price or purchase value is fine; the list price is the current value', async () => {
    const res = await api.post(
      '/api/offers',
      multipartForm({
        title: 'Plain',
        type: 'experience',
        currentPrice: '300',
        expiryDate: '2030-01-01',
        details: { duration: '3 hours', participants: 2 },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.offer).toMatchObject({
      priceNumeric: 300,
      originalPrice: null,
      image: null,
      images: [],
      isFeatured: false,
      details: { duration: '3 hours', participants: 2 },
    });
  });

  test.each([
    ['type', { type: undefined }, 'type', 'Type must be cask, bottle or experience'],
    [
      'a type not in the list',
      { type: 'barrel' },
      'type',
      'Type must be cask, bottle or experience',
    ],
    ['the title', { title: '   ' }, 'title', 'Title is required'],
    ['the current value', { currentPrice: '' }, 'currentPrice', 'Current value is required'],
    [
      'a current value that is no amount',
      { currentPrice: '12,000' },
      'currentPrice',
      'Current value must be an amount in dollars, e.g. 1500 or 1500.50',
    ],
    [
      'a negative purchase value',
      { originalPrice: '-5' },
      'originalPrice',
      'Purchase value must be an amount in dollars, e.g. 1500 or 1500.50',
    ],
    ['the deadline', { expiryDate: undefined }, 'expiryDate', 'Deadline is required'],
    [
      'an impossible deadline',
      { expiryDate: '2030-02-30' },
      'expiryDate',
      'Deadline must be a real date',
    ],
    // JavaScript reads it as a date; PostgreSQL has no year zero and answered 500.
    [
      'a deadline in year 0000',
      { expiryDate: '0000-01-01' },
      'expiryDate',
      'Deadline must be a real date',
    ],
    [
      'a deadline over before the offer is created',
      { expiryDate: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10) },
      'expiryDate',
      DEADLINE_BEFORE_CREATION,
    ],
    [
      'a cask without distillery',
      { details: { ...CASK_DETAILS, distillery: '' } },
      'details.distillery',
      'Distillery is required',
    ],
    [
      'a cask vintage as text',
      { details: { ...CASK_DETAILS, vintage: 'old' } },
      'details.vintage',
      'Vintage must be a whole number',
    ],
    [
      'a cask without vintage',
      { details: { distillery: 'A', caskType: 'B' } },
      'details.vintage',
      'Vintage is required',
    ],
    [
      'a bottle quantity with decimals',
      { type: 'bottle', details: { ...BOTTLE_DETAILS, quantity: 1.5 } },
      'details.quantity',
      'Quantity must be a whole number',
    ],
    [
      'a bottle packaging as a number',
      { type: 'bottle', details: { ...BOTTLE_DETAILS, packaging: 5 } },
      'details.packaging',
      'Packaging must be text',
    ],
    [
      'an experience without duration',
      { type: 'experience', details: { participants: 3 } },
      'details.duration',
      'Duration is required',
    ],
    [
      'details that are not JSON',
      { details: '{distillery: Ardbeg' },
      'details',
      'Details must be a JSON object',
    ],
    ['details that are a list', { details: '[1, 2]' }, 'details', 'Details must be a JSON object'],
    [
      'a NUL character in the title',
      { title: 'a\u0000b' },
      'title',
      'Text must not contain the NUL character (U+0000)',
    ],
    // Free text once: each of these was stored as it came (issue 27).
    ...MEASURE_CASES,
    [
      'a NUL character in a detail',
      { details: { ...CASK_DETAILS, caskType: 'x\u0000' } },
      'details.caskType',
      'Text must not contain the NUL character (U+0000)',
    ],
    [
      'isFeatured that is no flag',
      { isFeatured: 'yes' },
      'isFeatured',
      'isFeatured must be true or false',
    ],
  ])(
    'refuses %s with a field error and stores nothing, the images included',
    async (_name, change, field, message) => {
      const before = await offerTableCounts(ctx);
      const fields: Record<string, string | object> = offerFields();
      for (const [key, value] of Object.entries(change)) {
        if (value === undefined) delete fields[key];
        else fields[key] = value;
      }
      const res = await api.post('/api/offers', multipartForm(fields, offerImageFiles(png, [png])));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().errors).toContainEqual({ field, message });
      expect(await offerTableCounts(ctx)).toEqual(before);
    },
  );

  test('reports every missing required field at once', async () => {
    const res = await api.post('/api/offers', multipartForm({ details: {} }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'type',
      'title',
      'currentPrice',
      'expiryDate',
    ]);
  });

  test.each([
    [
      'a text file as the banner',
      'offerImage',
      Buffer.from('not an image at all\n'),
      415,
      'Only PNG, JPEG, WebP or GIF images are allowed',
    ],
    [
      'an SVG among the sliding images',
      'offerImages',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      415,
      'Only PNG, JPEG, WebP or GIF images are allowed',
    ],
    ['a broken PNG', 'offerImages', 'broken', 415, 'The file is not a readable image'],
    [
      'a file over 5 MB',
      'offerImages',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(6 * 1024 * 1024, 7),
      ]),
      413,
      'The image is too large: at most 5 MB is allowed',
    ],
  ])(
    'refuses %s and stores nothing, the other fields included',
    async (_name, field, given, status, message) => {
      const before = await offerTableCounts(ctx);
      // A PNG cut after its header: the right signature, then nothing readable.
      const bytes = typeof given === 'string' ? png.subarray(0, 50) : given;
      const banner = field === 'offerImage' ? [] : [{ field: 'offerImage', bytes: png }];
      const res = await api.post(
        '/api/offers',
        multipartForm(offerFields(), [...banner, { field, bytes }]),
      );
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
      expect(await offerTableCounts(ctx)).toEqual(before);
    },
  );

  test('refuses more than ten sliding images, two banners, or a file in another field', async () => {
    const before = await offerTableCounts(ctx);
    const eleven = await api.post(
      '/api/offers',
      multipartForm(
        offerFields(),
        offerImageFiles(
          null,
          Array.from({ length: 11 }, () => png),
        ),
      ),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().errors).toEqual([
      { field: 'offerImages', message: 'At most 10 sliding images are allowed' },
    ]);
    const twoBanners = await api.post(
      '/api/offers',
      multipartForm(offerFields(), offerImageFiles(png, []).concat(offerImageFiles(png, []))),
    );
    expect(twoBanners.statusCode).toBe(400);
    expect(twoBanners.json().errors).toEqual([
      { field: 'offerImage', message: 'Send one banner image' },
    ]);
    const elsewhere = await api.post(
      '/api/offers',
      multipartForm(offerFields(), [{ field: 'picture', bytes: png }]),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual([
      { field: 'picture', message: 'This field does not take a file' },
    ]);
    const tooMany = await api.post(
      '/api/offers',
      multipartForm(
        offerFields(),
        offerImageFiles(
          png,
          Array.from({ length: 11 }, () => png),
        ),
      ),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(await offerTableCounts(ctx)).toEqual(before);
  });

  test('a JSON body is refused with 415: the form is multipart', async () => {
    const res = await api.post('/api/offers', { title: 'x', type: 'cask' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Send the form as multipart/form-data');
  });

  test('needs a signed-in admin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers',
      payload: multipartForm(offerFields()),
    });
    expect(res.statusCode).toBe(401);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/offers' });
    expect(read.statusCode).toBe(401);
  });
});

describe('GET /offers', () => {
  test('pages newest first, ten by default, with exact cards', async () => {
    const marker = uniqueMarker('page');
    for (let i = 0; i < 12; i++) {
      await createOffer(ctx, {
        title: `${marker} ${i}`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
        isActive: i % 3 !== 0,
      });
    }
    const first = await api.data<OfferListResponse>('/api/offers');
    expect(first.offers).toHaveLength(10);
    expect(first.offers[0]?.title).toBe(`${marker} 11`);
    expect(first.pagination.limit).toBe(10);
    expect(first.pagination.total).toBe(first.stats.totalOffers);
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 10));
    await expectExactOfferStats(ctx, first.stats);
    const searched = await api.data<OfferListResponse>(
      `/api/offers?search=${marker}&limit=5&page=3`,
    );
    expect(searched.offers.map((o) => o.title)).toEqual([`${marker} 1`, `${marker} 0`]);
    expect(searched.pagination).toEqual({ current: 3, pages: 3, total: 12, limit: 5 });
    const past = await api.data<OfferListResponse>(`/api/offers?search=${marker}&page=9`);
    expect(past.offers).toEqual([]);
    expect(past.pagination.total).toBe(12);
  });

  test('searches the title and the description, case-insensitively and literally', async () => {
    const marker = uniqueMarker('find');
    const byTitle = await createOffer(ctx, { title: `Old ${marker.toUpperCase()} cask` });
    const byDescription = await createOffer(ctx, { description: `Rare ${marker} from Islay` });
    await createOffer(ctx, { title: 'Something else' });
    const found = await api.data<OfferListResponse>(`/api/offers?search=${marker}`);
    expect(found.offers.map((o) => o.id).sort()).toEqual([byTitle.id, byDescription.id].sort());
    expect(found.pagination.total).toBe(2);
    // The stats stay the catalogue's, whatever the search.
    await expectExactOfferStats(ctx, found.stats);
    expect((await api.data<OfferListResponse>(`/api/offers?search=%25`)).pagination.total).toBe(0);
  });

  test('filters by type, alone or with a search', async () => {
    const marker = uniqueMarker('type');
    await createOffer(ctx, { title: `${marker} a`, type: 'bottle' });
    await createOffer(ctx, { title: `${marker} b`, type: 'experience' });
    const bottles = await api.data<OfferListResponse>(`/api/offers?type=bottle`);
    expect(bottles.offers.every((o) => o.type === 'bottle')).toBe(true);
    const rows = await ctx.database.db.select().from(offers).where(eq(offers.type, 'bottle'));
    expect(bottles.pagination.total).toBe(rows.filter((row) => row.retiredAt === null).length);
    const both = await api.data<OfferListResponse>(`/api/offers?type=experience&search=${marker}`);
    expect(both.offers.map((o) => o.title)).toEqual([`${marker} b`]);
  });

  test('answers each offer with the fields of docs/screens/offers.md#api-calls', async () => {
    const created = await createOffer(ctx, {
      title: uniqueMarker('fields'),
      expiryDate: '2000-01-01',
      currentPrice: '99.99',
    });
    const [shown] = (await api.data<OfferListResponse>(`/api/offers?search=${created.title}`))
      .offers;
    expect(shown).toEqual({
      id: created.id,
      title: created.title,
      type: 'cask',
      priceNumeric: 15000,
      isActive: true,
      isFeatured: false,
      expiryDate: '2000-01-01',
      description: null,
      image: null,
      images: [],
      category: 'standard',
      daysLeft: 0,
      originalPrice: 12000,
      currentPrice: 99.99,
      location: null,
      details: created.details,
      createdAt: created.createdAt.toISOString(),
      updatedAt: created.updatedAt.toISOString(),
      version: String(created.updatedAt.getTime()),
    });
  });

  test('counts the days left from today (UTC), as one offer answered alone does', async () => {
    const marker = uniqueMarker('days');
    const inDays = (days: number) =>
      new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const [days, expiryDate] of [
      [3, inDays(3)],
      [0, inDays(0)],
      [null, null],
    ] as const) {
      const created = await createOffer(ctx, { title: `${marker} ${days}`, expiryDate });
      const [shown] = (
        await api.data<OfferListResponse>(`/api/offers?search=${encodeURIComponent(created.title)}`)
      ).offers;
      expect(shown?.daysLeft, `${expiryDate}`).toBe(days);
      expect(daysLeft(expiryDate)).toBe(days);
    }
  });

  test.each([
    ['?type=barrel', 'type'],
    ['?limit=101', 'limit'],
    ['?page=0', 'page'],
    [`?search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with a field error', async (query, field) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/offers${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });
});

describe('PUT /offers/{id}', () => {
  test('keeps the images the admin kept, adds the new ones, deletes the removed ones, changes the type', async () => {
    const offer = await addOffer(
      ctx,
      admin,
      multipartForm(offerFields(), offerImageFiles(png, [png, png, png])),
    );
    const [first, removed, third] = offer.images as [string, string, string];
    const res = await api.put(
      `/api/offers/${offer.id}`,
      multipartForm(
        offerFields({
          title: 'Now a bottle',
          type: 'bottle',
          details: BOTTLE_DETAILS,
          isActive: 'false',
          image: offer.image ?? '',
          images: [third, first],
          currentPrice: '16000.25',
        }),
        offerImageFiles(null, [png]),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Offer updated successfully');
    const updated: Offer = res.json().data.offer;
    expect(updated).toMatchObject({
      title: 'Now a bottle',
      type: 'bottle',
      details: BOTTLE_DETAILS_SAVED,
      isActive: false,
      currentPrice: 16000.25,
      image: offer.image,
    });
    expect(updated.images.slice(0, 2)).toEqual([third, first]);
    expect(updated.images).toHaveLength(3);
    expect(updated.images[2]).not.toBe(removed);
    // The removed file is gone from storage; the others are still served.
    expect(await storedFileIds(ctx, [fileIdOf(removed)])).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: removed })).statusCode).toBe(404);
    for (const url of updated.images) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    const actions = (await auditEntriesOf(ctx, { entityId: offer.id })).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(['offer.created', 'offer.updated']);
    const updateEntry = (await auditEntriesOf(ctx, { entityId: offer.id })).find(
      (entry) => entry.action === 'offer.updated',
    );
    expect(updateEntry).toMatchObject({
      before: { type: 'cask', isActive: true },
      after: { type: 'bottle', isActive: false },
    });
    expect(
      (await auditEntriesOf(ctx, { entityId: fileIdOf(removed) })).map((entry) => entry.action),
    ).toEqual(['file.uploaded', 'file.deleted']);
  });

  test('a new banner replaces the old one, whose file is deleted; image "" removes it', async () => {
    const offer = await addOffer(
      ctx,
      admin,
      multipartForm(offerFields(), offerImageFiles(png, [png, png, png])),
    );
    const replaced = await api.put(
      `/api/offers/${offer.id}`,
      multipartForm(offerFields(), offerImageFiles(png, [])),
    );
    const withNew: Offer = replaced.json().data.offer;
    expect(withNew.image).not.toBe(offer.image);
    expect(withNew.images).toEqual(offer.images);
    expect(await storedFileIds(ctx, [fileIdOf(offer.image ?? '')])).toEqual([]);
    const removed = await api.put(
      `/api/offers/${offer.id}`,
      multipartForm(offerFields({ image: '', images: [] })),
    );
    expect(removed.json().data.offer).toMatchObject({ image: null, images: [] });
    expect(
      await storedFileIds(ctx, [withNew.image ?? '', ...withNew.images].map(fileIdOf)),
    ).toEqual([]);
  });

  test('an edit that names the version it opened is refused once another save replaced it', async () => {
    const offer = await addOffer(
      ctx,
      admin,
      multipartForm(offerFields(), offerImageFiles(png, [png, png, png])),
    );
    const listed = (
      await api.data<OfferListResponse>(`/api/offers?search=${encodeURIComponent(offer.title)}`)
    ).offers[0];
    expect(listed?.version).toBe(offer.version);
    const withVersion = (payload: FormData, version: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/offers/${offer.id}`,
        headers: { ...admin.headers, ...ifMatchHeaders(version) },
        payload,
      });

    const mine = await withVersion(
      multipartForm(offerFields({ title: `${offer.title} mine` })),
      offer.version,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const saved: Offer = mine.json().data.offer;
    expect(saved.version).not.toBe(offer.version);

    const theirs = await withVersion(
      multipartForm(offerFields({ title: `${offer.title} theirs` })),
      offer.version,
    );
    expect(theirs.statusCode, theirs.body).toBe(412);
    expect(theirs.json()).toEqual({ success: false, message: RECORD_CHANGED_ELSEWHERE });
    const now = (
      await api.data<OfferListResponse>(`/api/offers?search=${encodeURIComponent(offer.title)}`)
    ).offers[0];
    expect(now?.title).toBe(`${offer.title} mine`);
    expect(now?.version).toBe(saved.version);

    const again = await withVersion(
      multipartForm(offerFields({ title: `${offer.title} again` })),
      saved.version,
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  test('the cards follow an edit of the status', async () => {
    const offer = await addOffer(
      ctx,
      admin,
      multipartForm(offerFields(), offerImageFiles(png, [png, png, png])),
    );
    const before = (await api.data<OfferListResponse>('/api/offers')).stats;
    await api.put(`/api/offers/${offer.id}`, multipartForm(offerFields({ isActive: 'false' })));
    const after = (await api.data<OfferListResponse>('/api/offers')).stats;
    expect(after).toEqual({
      totalOffers: before.totalOffers,
      activeOffers: before.activeOffers - 1,
    });
    await expectExactOfferStats(ctx, after);
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: admin.headers,
    });
    expect(dashboard.json().data.offers.activeOffers).toBe(after.activeOffers);
  });

  test.each([
    ['a missing title', { title: '' }, [], 400],
    ['details that are not JSON', { details: 'nope' }, [], 400],
    [
      "an image to keep that is not this offer's",
      { images: ['/uploads/00000000-0000-4000-8000-000000000000'] },
      [],
      400,
    ],
    ['images that are no list', { images: '"x"' }, [], 400],
    [
      "a banner to keep that is not this offer's",
      { image: '/uploads/00000000-0000-4000-8000-000000000000' },
      [],
      400,
    ],
    ['a wrong image', {}, [{ field: 'offerImages', bytes: Buffer.from('hello') }], 415],
    ['more than ten sliding images in all', {}, 'eight more' as const, 400],
  ])('refuses %s and changes nothing', async (_name, change, given, status) => {
    // Three sliding images already, eight more would make eleven.
    const fileSpecs =
      given === 'eight more'
        ? offerImageFiles(
            null,
            Array.from({ length: 8 }, () => png),
          )
        : given;
    const offer = await addOffer(
      ctx,
      admin,
      multipartForm(offerFields(), offerImageFiles(png, [png, png, png])),
    );
    const before = await offerTableCounts(ctx);
    const [row] = await ctx.database.db.select().from(offers).where(eq(offers.id, offer.id));
    const res = await api.put(
      `/api/offers/${offer.id}`,
      multipartForm(offerFields({ title: 'Changed', ...change }), fileSpecs),
    );
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    expect(await offerTableCounts(ctx)).toEqual(before);
    const [after] = await ctx.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(after).toEqual(row);
  });

  test('a new deadline before the day the offer was created is refused; an old one kept is fine', async () => {
    // Seeded or imported offers may carry a deadline before their row was written.
    const old = await createOffer(ctx, { expiryDate: '2000-01-01' });
    const kept = await api.put(
      `/api/offers/${old.id}`,
      multipartForm(offerFields({ expiryDate: '2000-01-01' })),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const [row] = await ctx.database.db.select().from(offers).where(eq(offers.id, old.id));
    const earlier = await api.put(
      `/api/offers/${old.id}`,
      multipartForm(offerFields({ expiryDate: '1999-12-31' })),
    );
    expect(earlier.statusCode, earlier.body).toBe(400);
    expect(earlier.json().errors).toEqual([
      { field: 'expiryDate', message: DEADLINE_BEFORE_CREATION },
    ]);
    const [after] = await ctx.database.db.select().from(offers).where(eq(offers.id, old.id));
    expect(after).toEqual(row);
    // Today's date is fine wherever the admin is: even at UTC-12, where today began last.
    const todayAtUtcMinus12 = new Date(Date.now() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const today = await api.put(
      `/api/offers/${old.id}`,
      multipartForm(offerFields({ expiryDate: todayAtUtcMinus12 })),
    );
    expect(today.statusCode, today.body).toBe(200);
  });

  test('an unknown, malformed or retired offer answers 404 (or 400 for a malformed id)', async () => {
    const unknown = await api.put(
      `/api/offers/00000000-0000-4000-8000-000000000000`,
      multipartForm(offerFields()),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Offer not found' });
    const malformed = await api.put(`/api/offers/not-an-id`, multipartForm(offerFields()));
    expect(malformed.statusCode).toBe(400);
    const retired = await createOffer(ctx);
    await createOrder(ctx, { offerId: retired.id });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/offers/${retired.id}`,
      headers: admin.headers,
    });
    expect(
      (await api.put(`/api/offers/${retired.id}`, multipartForm(offerFields()))).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /offers/{id}', () => {
  test('an offer is retired, kept as it was with its images, hidden everywhere, and audited', async () => {
    // Decision 273: every delete retires, so its Undo can bring the offer back exactly.
    const res = await api.post(
      '/api/offers',
      multipartForm(offerFields(), offerImageFiles(png, [png, png])),
    );
    const offer: Offer = res.json().data.offer;
    const [stored] = await ctx.database.db.select().from(offers).where(eq(offers.id, offer.id));
    const before = (await api.data<OfferListResponse>('/api/offers')).stats;
    const deleted = await api.delete(`/api/offers/${offer.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      success: true,
      message: 'Offer deleted successfully',
      data: { id: offer.id, retired: true },
    });
    const [row] = await ctx.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row?.retiredAt).toBeInstanceOf(Date);
    // Nothing else moves but the save time: the Active flag, the details, the banner.
    const { retiredAt: _retired, updatedAt: _moved, ...kept } = row!;
    const { retiredAt: _none, updatedAt: _was, ...was } = stored!;
    expect(kept).toEqual(was);
    const files = [offer.image ?? '', ...offer.images].map(fileIdOf);
    expect(await storedFileIds(ctx, files)).toHaveLength(3);
    const after = (await api.data<OfferListResponse>('/api/offers')).stats;
    expect(after).toEqual({
      totalOffers: before.totalOffers - 1,
      activeOffers: before.activeOffers - 1,
    });
    await expectExactOfferStats(ctx, after);
    expect(
      (await api.data<OfferListResponse>(`/api/offers?search=${encodeURIComponent(offer.title)}`))
        .offers,
    ).toEqual([]);
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/offers/${offer.id}`,
      headers: admin.headers,
    });
    expect(one.statusCode).toBe(404);
    const entry = (await auditEntriesOf(ctx, { entityId: offer.id })).find(
      (r) => r.action === 'offer.deleted',
    );
    expect(entry).toMatchObject({ adminId: admin.id, before: { title: offer.title } });
    expect((await api.delete(`/api/offers/${offer.id}`)).statusCode).toBe(404);
  });

  test('an offer that orders refer to is retired the same way; the orders keep their link', async () => {
    const res = await api.post(
      '/api/offers',
      multipartForm(offerFields(), offerImageFiles(png, [png])),
    );
    const offer: Offer = res.json().data.offer;
    const order = await createOrder(ctx, { offerId: offer.id, title: offer.title });
    const before = (await api.data<OfferListResponse>('/api/offers')).stats;
    const retired = await api.delete(`/api/offers/${offer.id}`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data).toEqual({ id: offer.id, retired: true });
    const [row] = await ctx.database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row?.retiredAt).toBeInstanceOf(Date);
    expect(row?.isActive).toBe(true);
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.offerId).toBe(offer.id);
    // Its images stay: the orders' history still shows them.
    expect(await storedFileIds(ctx, [offer.image ?? ''].map(fileIdOf))).toHaveLength(1);
    const after = await api.data<OfferListResponse>(
      `/api/offers?search=${encodeURIComponent(offer.title)}`,
    );
    expect(after.offers).toEqual([]);
    expect(after.stats).toEqual({
      totalOffers: before.totalOffers - 1,
      activeOffers: before.activeOffers - 1,
    });
    await expectExactOfferStats(ctx, after.stats);
    const bottles = await api.data<OfferListResponse>(`/api/offers?type=cask`);
    const casks = await ctx.database.db.select().from(offers).where(eq(offers.type, 'cask'));
    expect(bottles.pagination.total).toBe(casks.filter((r) => r.retiredAt === null).length);
    expect((await api.delete(`/api/offers/${offer.id}`)).statusCode).toBe(404);
  });

  test('an unknown id answers 404 and writes nothing', async () => {
    const before = await offerTableCounts(ctx);
    const res = await api.delete(`/api/offers/00000000-0000-4000-8000-000000000000`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Offer not found' });
    expect(await offerTableCounts(ctx)).toEqual(before);
  });
});
