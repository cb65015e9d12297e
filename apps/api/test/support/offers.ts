import { count, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Offer } from '@cask/contracts/offers';
import { auditLog } from '../../src/db/schema/audit-log.ts';
import { files } from '../../src/db/schema/files.ts';
import { offerImages, offers } from '../../src/db/schema/offers.ts';
import type { TestContext } from './app.ts';
import { uniqueMarker } from './factories.ts';
import type { TestAdmin } from './sign-in.ts';

type Ctx = Pick<TestContext, 'app' | 'database'>;

/** A file of a multipart form: its field, bytes, and (PNG by default) name and type. */
export type FileSpec = { field: string; bytes: Buffer; name?: string; type?: string };

/** The cask details of an offer as the screen sends them. */
export const CASK_DETAILS = {
  distillery: 'Ardbeg',
  caskType: 'Sherry Butt',
  vintage: 2015,
  abv: '58.2%',
  volume: '500L',
};

/** The bottle details of an offer as the screen sends them. */
export const BOTTLE_DETAILS = {
  distillery: 'Lagavulin',
  packaging: 'Wooden case',
  quantity: 12,
  volume: '70cl',
  certificate: 'Certificate of authenticity',
};

/** A multipart form as the browser sends it: text fields (objects as JSON), then the files. */
export function multipartForm(
  fields: Record<string, string | object>,
  fileSpecs: FileSpec[] = [],
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    body.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const spec of fileSpecs) {
    body.append(
      spec.field,
      new Blob([new Uint8Array(spec.bytes)], { type: spec.type ?? 'image/png' }),
      spec.name ?? 'image.png',
    );
  }
  return body;
}

/** A valid cask offer's text fields (a unique title), with `overrides` on top. */
export const offerFields = (overrides: Record<string, string | object> = {}) => ({
  title: `Ardbeg 2015 ${uniqueMarker()}`,
  type: 'cask',
  priceNumeric: '15000',
  currentPrice: '15000',
  originalPrice: '12000.50',
  expiryDate: '2031-06-30',
  description: 'A sherry butt of Islay malt.',
  location: 'Warehouse 4',
  isFeatured: 'true',
  details: CASK_DETAILS,
  ...overrides,
});

/** An offer's images as form files: the banner (`offerImage`) and the slides (`offerImages`). */
export const offerImageFiles = (banner: Buffer | null, slides: Buffer[]): FileSpec[] => [
  ...(banner ? [{ field: 'offerImage', bytes: banner }] : []),
  ...slides.map((bytes, index) => ({ field: 'offerImages', bytes, name: `slide-${index}.png` })),
];

/** POST an offer's form as the admin, expect 201 and answer the offer added. */
export async function addOffer(ctx: Ctx, admin: TestAdmin, form: FormData): Promise<Offer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/offers',
    headers: admin.headers,
    payload: form,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { offer: Offer } }>().data.offer;
}

/** The rows of offers, files, offer images and audit entries: a refused save changes none. */
export async function offerTableCounts(ctx: Ctx) {
  const [o] = await ctx.database.db.select({ n: count() }).from(offers);
  const [f] = await ctx.database.db.select({ n: count() }).from(files);
  const [i] = await ctx.database.db.select({ n: count() }).from(offerImages);
  const [a] = await ctx.database.db.select({ n: count() }).from(auditLog);
  return { offers: o?.n, files: f?.n, images: i?.n, audit: a?.n };
}

/** The file id at the end of an upload's URL (`/api/uploads/<id>`). */
export const fileIdOf = (url: string) => url.split('/').pop() ?? '';

/** Which of the file ids `ids` are still stored. */
export async function storedFileIds(ctx: Ctx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.database.db
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.id, ids));
  return rows.map((row) => row.id);
}

/** The offers list's counters are exact: compare them with a count over the table itself. */
export async function expectExactOfferStats(
  ctx: Ctx,
  stats: { totalOffers: number; activeOffers: number },
) {
  const visible = await ctx.database.db.select().from(offers);
  const shown = visible.filter((row) => row.retiredAt === null);
  expect(stats).toEqual({
    totalOffers: shown.length,
    activeOffers: shown.filter((row) => row.isActive).length,
  });
}
