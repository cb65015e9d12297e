import type { ErrorEnvelope } from '@cask/contracts/common';
import { SEARCH_KIND_LIMIT, type SearchResponse } from '@cask/contracts/search';
import { beforeAll, expect, test } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { adminApi } from '../../../test/support/api.ts';
import { orderReferenceOf } from '../../../test/support/orders.ts';
import {
  createCask,
  createCustomer,
  createCustomers,
  createOffer,
  createOrder,
  uniqueMarker,
} from '../../../test/support/factories.ts';

const ctx = useTestContext();
let admin: TestAdmin;
const api = adminApi(ctx, () => admin);
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

test('a customer is found by a part of their e-mail, whatever its case', async () => {
  const marker = uniqueMarker('mail');
  const customer = await createCustomer(ctx, {
    fullName: 'Morag Henderson',
    email: `morag.${marker}@example.com`,
  });
  const found = await api.data<SearchResponse>('/api/search', {
    q: marker.slice(2, 10).toUpperCase(),
  });
  expect(found.customers).toEqual([
    { id: customer.id, fullName: 'Morag Henderson', email: customer.email },
  ]);
});

test('a customer is found by a part of their name; a deleted one is not', async () => {
  const marker = uniqueMarker('nm');
  const kept = await createCustomer(ctx, { fullName: `Isla ${marker} Grant` });
  await createCustomer(ctx, { fullName: `Ewan ${marker} Reid`, deletedAt: new Date() });
  const found = await api.data<SearchResponse>('/api/search', { q: `${marker} gr` });
  expect(found.customers.map((customer) => customer.id)).toEqual([kept.id]);
  expect(
    (await api.data<SearchResponse>('/api/search', { q: `ewan ${marker}` })).customers,
  ).toEqual([]);
});

test('a cask is found by its distillery and by its name', async () => {
  const distillery = `Glen ${uniqueMarker('d')}`;
  const cask = await createCask(ctx, { name: 'Sherry butt 7', distillery });
  const byDistillery = await api.data<SearchResponse>('/api/search', { q: distillery.slice(5) });
  expect(byDistillery.casks).toEqual([
    { id: cask.id, name: 'Sherry butt 7', distillery, status: cask.status },
  ]);
  const named = await createCask(ctx, { name: `Hogshead ${uniqueMarker('n')}` });
  expect(
    (await api.data<SearchResponse>('/api/search', { q: named.name })).casks.map(
      (found) => found.id,
    ),
  ).toEqual([named.id]);
});

test('a deleted cask is not found; once its delete is undone it is again', async () => {
  const marker = uniqueMarker('gone');
  const cask = await createCask(ctx, { name: `Puncheon ${marker}` });
  const deleted = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/casks/${cask.id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(200);
  expect((await api.data<SearchResponse>('/api/search', { q: marker })).casks).toEqual([]);
  const restored = await ctx.app.inject({
    method: 'POST',
    url: '/api/casks/bulk/deleted',
    payload: { changes: [{ id: cask.id, deleted: false }] },
    headers: admin.headers,
  });
  expect(restored.statusCode, restored.body).toBe(200);
  expect(
    (await api.data<SearchResponse>('/api/search', { q: marker })).casks.map((found) => found.id),
  ).toEqual([cask.id]);
});

test('an order is found by its product and by its customer, with the customer to open', async () => {
  const marker = uniqueMarker('p');
  const customer = await createCustomer(ctx, { fullName: `Fiona ${marker}` });
  const order = await createOrder(ctx, {
    customerId: customer.id,
    title: `Bottle of Lagavulin ${marker}`,
    contactFullName: null,
  });
  const byProduct = await api.data<SearchResponse>('/api/search', { q: `lagavulin ${marker}` });
  const reference = await orderReferenceOf(ctx, order.id);
  expect(byProduct.orders).toEqual([
    {
      id: order.id,
      reference,
      title: order.title,
      status: 'Pending',
      customerId: customer.id,
      customerName: `Fiona ${marker}`,
    },
  ]);

  const other = await createOrder(ctx, { contactFullName: `Hamish ${marker}` });
  const byCustomer = await api.data<SearchResponse>('/api/search', { q: `hamish ${marker}` });
  expect(byCustomer.orders.map((found) => [found.id, found.customerName])).toEqual([
    [other.id, `Hamish ${marker}`],
  ]);
});

test('an order is found by its reference, as the Order List finds it (issue 41)', async () => {
  const order = await createOrder(ctx, { title: `Reference ${uniqueMarker('r')}` });
  const reference = await orderReferenceOf(ctx, order.id);
  const number = String(Number(reference.slice('ORD-'.length)));
  for (const term of [reference, reference.toLowerCase(), number]) {
    const found = await api.data<SearchResponse>('/api/search', { q: term });
    expect(
      found.orders.map((each) => [each.id, each.reference]),
      term,
    ).toContainEqual([order.id, reference]);
  }
});

test('an offer is found by its title; a retired one is not', async () => {
  const marker = uniqueMarker('t');
  const offer = await createOffer(ctx, { title: `Port Ellen ${marker}`, type: 'bottle' });
  await createOffer(ctx, { title: `Brora ${marker}`, retiredAt: new Date() });
  const found = await api.data<SearchResponse>('/api/search', { q: marker });
  expect(found.offers).toEqual([{ id: offer.id, title: offer.title, type: 'bottle' }]);
});

test('each kind gives at most five results, newest first', async () => {
  const marker = uniqueMarker('many');
  const base = Date.parse('2026-01-01T00:00:00Z');
  const made = await createCustomers(ctx, SEARCH_KIND_LIMIT + 2, (index) => ({
    fullName: `Many ${marker} ${index}`,
    createdAt: new Date(base + index * 60_000),
  }));
  const found = await api.data<SearchResponse>('/api/search', { q: marker });
  expect(found.customers.map((customer) => customer.id)).toEqual(
    made
      .slice(-SEARCH_KIND_LIMIT)
      .reverse()
      .map((customer) => customer.id),
  );
});

test('pattern characters in the term are matched literally', async () => {
  const marker = uniqueMarker('lit');
  const percent = await createCustomer(ctx, { fullName: `Hundred ${marker}%_ Club` });
  await createCustomer(ctx, { fullName: `Hundred ${marker}ab Club` });
  const found = await api.data<SearchResponse>('/api/search', { q: `${marker}%_` });
  expect(found.customers.map((customer) => customer.id)).toEqual([percent.id]);
});

test('every role may search, a Viewer too', async () => {
  const marker = uniqueMarker('role');
  const customer = await createCustomer(ctx, { fullName: `Role ${marker}` });
  for (const role of ['owner', 'admin', 'viewer'] as const) {
    const someone = await createAdmin(ctx, { role });
    expect(
      (
        await adminApi(ctx, someone).data<SearchResponse>('/api/search', { q: marker })
      ).customers.map((found) => found.id),
    ).toEqual([customer.id]);
  }
});

test('without a token the search is refused with the envelope', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/search?q=anything' });
  expect(res.statusCode).toBe(401);
  expect(res.json<ErrorEnvelope>().success).toBe(false);
});

test.each([
  ['no term', '/api/search', 'Search is required'],
  ['an empty term', '/api/search?q=', 'Search is required'],
  ['only spaces', '/api/search?q=%20%20', 'Search is required'],
  ['a line break', '/api/search?q=a%0Ab', 'Search must be a single line'],
  ['101 characters', `/api/search?q=${'a'.repeat(101)}`, 'Search must be at most 100 characters'],
])('%s is a 400 in the envelope naming the field', async (_case, url, message) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ErrorEnvelope>();
  expect(body.success).toBe(false);
  expect(body.errors).toContainEqual({ field: 'q', message });
});

test('the search is in the OpenAPI document with its query and answer', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = res.json<{
    paths: Record<string, { get?: { parameters?: { name: string }[]; responses: object } }>;
  }>();
  const operation = document.paths['/api/search']?.get;
  expect(operation?.parameters?.map((parameter) => parameter.name)).toEqual(['q']);
  expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
});
