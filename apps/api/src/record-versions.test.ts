import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { ifMatchHeaders, RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { createAdmin, type TestAdmin } from '../test/support/sign-in.ts';
import { useTestContext } from '../test/support/app.ts';
import {
  createCask,
  createCustomer,
  createOffer,
  createOrder,
  createReferral,
  uniqueMarker,
  auditRowCount,
} from '../test/support/factories.ts';

/**
 * Issue 27 item 9, docs/decisions/208: orders, casks, offers, referrals and customers carry a
 * version; a save naming one that is no longer current answers 412 and changes nothing.
 */
const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

type Payload = object | (() => FormData);

interface Resource {
  name: string;
  /** The table holding it, for moving its clock. */
  table: string;
  /** Creates a record; answers its id and a list URL whose first item it is. */
  create(): Promise<{ id: string; listUrl: string }>;
  /** The list answer's items, and the single read's record, from `data`. */
  items(data: Record<string, unknown>): Record<string, unknown>[];
  one: string;
  url(id: string): string;
  save: { method: 'PUT'; url(id: string): string; first: Payload; second: Payload };
}

const offerForm = (title: string) => () => {
  const body = new FormData();
  const fields = {
    title,
    type: 'cask',
    priceNumeric: '15000',
    currentPrice: '15000',
    expiryDate: '2031-06-30',
    details: JSON.stringify({ distillery: 'Ardbeg', caskType: 'Bourbon barrel', vintage: 2015 }),
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

const resources: Resource[] = [
  {
    name: 'customer',
    table: 'customers',
    async create() {
      const customer = await createCustomer(ctx);
      return { id: customer.id, listUrl: `/api/users?search=${customer.email}` };
    },
    items: (data) => data.users as Record<string, unknown>[],
    one: 'user',
    url: (id) => `/api/users/${id}`,
    save: {
      method: 'PUT',
      url: (id) => `/api/users/${id}`,
      first: { isActive: false },
      second: { isActive: true },
    },
  },
  {
    name: 'cask',
    table: 'casks',
    async create() {
      const cask = await createCask(ctx, { name: uniqueMarker('cask'), status: 'Maturing' });
      return { id: cask.id, listUrl: `/api/casks?search=${cask.name}` };
    },
    items: (data) => data.casks as Record<string, unknown>[],
    one: 'cask',
    url: (id) => `/api/casks/${id}`,
    save: {
      method: 'PUT',
      url: (id) => `/api/casks/${id}/appreciation`,
      first: { status: 'Ready', notes: 'Regauged' },
      second: { status: 'Maturing', notes: 'Back in the warehouse' },
    },
  },
  {
    name: 'offer',
    table: 'offers',
    async create() {
      const offer = await createOffer(ctx, { title: uniqueMarker('offer') });
      return { id: offer.id, listUrl: `/api/offers?search=${offer.title}` };
    },
    items: (data) => data.offers as Record<string, unknown>[],
    one: 'offer',
    url: (id) => `/api/offers/${id}`,
    save: {
      method: 'PUT',
      url: (id) => `/api/offers/${id}`,
      first: offerForm('Ardbeg first'),
      second: offerForm('Ardbeg second'),
    },
  },
  {
    name: 'order',
    table: 'orders',
    async create() {
      const order = await createOrder(ctx, { title: uniqueMarker('order') });
      return { id: order.id, listUrl: `/api/purchases?search=${order.title}` };
    },
    items: (data) => data.purchases as Record<string, unknown>[],
    one: 'purchase',
    url: (id) => `/api/purchases/${id}`,
    save: {
      method: 'PUT',
      url: (id) => `/api/purchases/${id}/status`,
      first: { status: 'Active', caskProgress: 'Ready', manualPaymentStatus: 'paid', notes: '' },
      second: { status: 'Pending', caskProgress: 'Ready', manualPaymentStatus: 'due', notes: '' },
    },
  },
  {
    name: 'referral',
    table: 'referrals',
    async create() {
      const referral = await createReferral(ctx, { referralCode: uniqueMarker('R').toUpperCase() });
      return { id: referral.id, listUrl: `/api/referrals?search=${referral.referralCode}` };
    },
    items: (data) => data.referrals as Record<string, unknown>[],
    one: 'referral',
    url: (id) => `/api/referrals/${id}`,
    save: {
      method: 'PUT',
      url: (id) => `/api/referrals/${id}/status`,
      first: { status: 'completed' },
      second: { status: 'pending' },
    },
  },
];

function save(resource: Resource, id: string, payload: Payload, headers: object = {}) {
  return ctx.app.inject({
    method: resource.save.method,
    url: resource.save.url(id),
    headers: { ...admin.headers, ...headers },
    payload: typeof payload === 'function' ? payload() : payload,
  });
}

async function readOne(resource: Resource, id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: resource.url(id),
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const record = res.json().data[resource.one] as { version: string };
  return { etag: res.headers.etag, record };
}

describe.each(resources)('$name', (resource) => {
  test('a list item carries the version that the single read answers as its ETag', async () => {
    const { id, listUrl } = await resource.create();
    const listed = await ctx.app.inject({ method: 'GET', url: listUrl, headers: admin.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const [item] = resource.items(listed.json().data);
    expect(item?.version).toMatch(/^\d+$/);

    const { etag, record } = await readOne(resource, id);
    expect(etag).toBe(`"${String(item?.version)}"`);
    // The single read is the list's item, version and all.
    expect(record).toEqual(item);
  });

  test('a save naming the current version is saved and gets a new one', async () => {
    const { id } = await resource.create();
    const opened = await readOne(resource, id);
    const res = await save(
      resource,
      id,
      resource.save.first,
      ifMatchHeaders(opened.record.version),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await readOne(resource, id);
    expect(after.record.version).not.toBe(opened.record.version);
    // A list naming the current version among others matches; '*' names any.
    const listed = await save(resource, id, resource.save.second, {
      'if-match': `"stale", W/"${after.record.version}",  "${after.record.version}" ,`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((await save(resource, id, resource.save.first, { 'if-match': '*' })).statusCode).toBe(
      200,
    );
  });

  test('an If-Match whose entity tags name no current version answers 412 (RFC 9110 13.1.1)', async () => {
    const { id } = await resource.create();
    const before = await readOne(resource, id);
    const audits = await auditRowCount(ctx);
    const current = before.record.version;
    for (const ifMatch of [
      '"stale-version-0"',
      '"v", "w"',
      '""',
      '"1", "2"',
      `"${'9'.repeat(30)}"`,
      '"a,b"',
      ',',
      // If-Match compares strongly: a weak tag never matches, even the current version's.
      `W/"${current}"`,
      `W/"${current}", W/"0"`,
    ]) {
      const res = await save(resource, id, resource.save.first, { 'if-match': ifMatch });
      expect(res.statusCode, `${ifMatch}: ${res.body}`).toBe(412);
      expect(res.json()).toEqual({ success: false, message: RECORD_CHANGED_ELSEWHERE });
    }
    expect(await readOne(resource, id)).toEqual(before);
    expect(await auditRowCount(ctx)).toBe(audits);
  });

  test('a save naming a replaced version answers 412, changes nothing and audits nothing', async () => {
    const { id } = await resource.create();
    const opened = await readOne(resource, id);
    const mine = await save(
      resource,
      id,
      resource.save.first,
      ifMatchHeaders(opened.record.version),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const current = await readOne(resource, id);
    const audits = await auditRowCount(ctx);

    const theirs = await save(
      resource,
      id,
      resource.save.second,
      ifMatchHeaders(opened.record.version),
    );
    expect(theirs.statusCode, theirs.body).toBe(412);
    expect(theirs.json()).toEqual({ success: false, message: RECORD_CHANGED_ELSEWHERE });
    expect(await readOne(resource, id)).toEqual(current);
    expect(await auditRowCount(ctx)).toBe(audits);

    // Reloaded, the same save goes through.
    const again = await save(
      resource,
      id,
      resource.save.second,
      ifMatchHeaders(current.record.version),
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  test('a save without If-Match replaces whatever is current, as the spec calls it', async () => {
    const { id } = await resource.create();
    const opened = await readOne(resource, id);
    expect((await save(resource, id, resource.save.first)).statusCode).toBe(200);
    const res = await save(resource, id, resource.save.second);
    expect(res.statusCode, res.body).toBe(200);
    expect((await readOne(resource, id)).record.version).not.toBe(opened.record.version);
  });

  test('a save gets a newer version even when the clock has not moved past the last one', async () => {
    const { id } = await resource.create();
    // The stored time is ahead of the server's clock (a save a moment ago on a faster clock).
    await ctx.database.db.execute(
      sql`update ${sql.identifier(resource.table)} set updated_at = now() + interval '1 hour' where id = ${id}`,
    );
    const ahead = await readOne(resource, id);
    expect((await save(resource, id, resource.save.first)).statusCode).toBe(200);
    const after = await readOne(resource, id);
    expect(BigInt(after.record.version)).toBe(BigInt(ahead.record.version) + 1n);
  });

  test('an If-Match that is not an entity-tag list is a 400 that changes nothing', async () => {
    const { id } = await resource.create();
    const before = await readOne(resource, id);
    for (const ifMatch of [
      '123',
      '"abc',
      '"1" "2"',
      '"a"b',
      'w/"1"',
      'W/ "1"',
      '"a"b"',
      '*, "1"',
    ]) {
      const res = await save(resource, id, resource.save.first, { 'if-match': ifMatch });
      expect(res.statusCode, `${ifMatch}: ${res.body}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await readOne(resource, id)).toEqual(before);
  });

  test('the single read answers 404 for an unknown id and 401 without a token', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: resource.url(crypto.randomUUID()),
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().success).toBe(false);
    const { id } = await resource.create();
    const anonymous = await ctx.app.inject({ method: 'GET', url: resource.url(id) });
    expect(anonymous.statusCode).toBe(401);
  });
});

test('the OpenAPI document lists the single reads and the 412 of each save', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json().paths as Record<string, Record<string, { responses: object }>>;
  for (const resource of resources) {
    const id = '{id}';
    expect(paths[resource.url(id)]?.get, resource.name).toBeDefined();
    expect(Object.keys(paths[resource.save.url(id)]?.put?.responses ?? {})).toContain('412');
  }
});
