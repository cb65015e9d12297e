import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAdmin, postLogin, type TestAdmin } from '../../test/support/sign-in.ts';
import { createTestContext, useTestContext, type TestContext } from '../../test/support/app.ts';
import { metricValue, scrapeMetrics } from '../../test/support/metrics.ts';

let ctx: TestContext;
let admin: TestAdmin;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_PORT: '0' });
  admin = await createAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

test('requests are counted and timed by route pattern, method and status', async () => {
  const labels = { route: '/uploads/:id', method: 'GET', status_code: '404' };
  const before = await scrapeMetrics(ctx);
  for (let i = 0; i < 3; i++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/uploads/${crypto.randomUUID()}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
  }
  const after = await scrapeMetrics(ctx);
  expect(
    metricValue(after, 'http_request_duration_seconds_count', labels) -
      metricValue(before, 'http_request_duration_seconds_count', labels),
  ).toBe(3);
  expect(metricValue(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(
    metricValue(before, 'http_request_duration_seconds_sum', labels),
  );
  expect(
    metricValue(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
  ).toBeGreaterThanOrEqual(3);
  // One series per route, never one per URL.
  expect(after).not.toMatch(/route="\/uploads\/[0-9a-f]{8}-/);
});

test('failed sign-ins are counted', async () => {
  const before = metricValue(await scrapeMetrics(ctx), 'cask_sign_in_failures_total', {
    reason: 'credentials',
  });
  const res = await postLogin(
    ctx,
    { email: admin.email, password: 'not the password' },
    { ip: '10.20.30.40' },
  );
  expect(res.statusCode).toBe(401);
  const ok = await postLogin(ctx, admin, { ip: '10.20.30.40' });
  expect(ok.statusCode).toBe(200);
  const after = metricValue(await scrapeMetrics(ctx), 'cask_sign_in_failures_total', {
    reason: 'credentials',
  });
  expect(after - before).toBe(1);
});

test('exports are a counter other modules increment', async () => {
  ctx.app.metrics.exports.inc({ list: 'customers' });
  ctx.app.metrics.exports.inc({ list: 'customers' });
  expect(metricValue(await scrapeMetrics(ctx), 'cask_exports_total', { list: 'customers' })).toBe(
    2,
  );
});

test("the process's event-loop delay and the database pool are there", async () => {
  const text = await scrapeMetrics(ctx);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
  expect(text).toMatch(/^process_cpu_user_seconds_total \S+$/m);
  if (ctx.database.kind === 'postgres') {
    expect(
      metricValue(text, 'cask_db_pool_clients', { pool: 'main', state: 'total' }),
    ).toBeGreaterThan(0);
    expect(text).toMatch(/cask_db_pool_clients\{pool="prepared",state="waiting"\} \d+/);
  } else {
    // PGlite has one connection in this process and no pool to report.
    expect(text).not.toMatch(/^cask_db_pool_clients\{/m);
  }
});

test('the public port does not serve the metrics', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.body).not.toContain('http_request_duration_seconds');
});

test('the metrics listener answers only GET /metrics', async () => {
  const url = new URL(String(ctx.app.metrics.url));
  expect((await fetch(new URL('/', url))).status).toBe(404);
  expect((await fetch(url, { method: 'POST' })).status).toBe(404);
});

// Without METRICS_PORT nothing listens: the counters exist, no listener is opened.
const plain = useTestContext();
test('without METRICS_PORT there is no metrics listener', () => {
  expect(plain.config.METRICS_PORT).toBeUndefined();
  expect(plain.app.metrics.url).toBeUndefined();
  expect(() => plain.app.metrics.exports.inc({ list: 'orders' })).not.toThrow();
});
