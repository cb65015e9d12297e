import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { BYTE_ORDER_MARK } from '../../src/db/csv.ts';
import type { TestContext } from './app.ts';
import type { TestAdmin } from './sign-in.ts';

type Ctx = Pick<TestContext, 'app' | 'database'>;

/** Each list's screen call, by its export's name. */
export const LIST_URL = {
  users: '/api/users',
  rewards: '/api/referrals/admin/rewards',
  casks: '/api/casks',
  offers: '/api/offers',
  orders: '/api/purchases',
  referrals: '/api/referrals',
  notifications: '/api/notifications',
  audit: '/api/audit',
} as const;
/** A list with a screen and an export. */
export type ScreenList = keyof typeof LIST_URL;

/** Start `list`'s export with the list's `query` as `admin`; expect 201, answer the export. */
export async function startExport(
  ctx: Pick<Ctx, 'app'>,
  admin: TestAdmin,
  list: string,
  query: Record<string, string> = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/exports/${list}`,
    query,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { export: { id: string; url: string } } }>().data.export;
}

/** Follow an export's link as the browser does (relative to the API's base, /api). */
export async function downloadExport(
  ctx: Pick<Ctx, 'app'>,
  url: string,
  userAgent = 'ExportTest/1',
) {
  return ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: { 'user-agent': userAgent } });
}

/** A CSV file's rows as a real CSV parser reads them (header first), after its byte-order mark. */
export function csvRows(body: string): string[][] {
  expect(body.startsWith(BYTE_ORDER_MARK)).toBe(true);
  return parse(body, { bom: true, relax_column_count: false }) as string[][];
}

/** How many rows `list`'s screen counts for `query`. */
export async function listTotal(
  ctx: Pick<Ctx, 'app'>,
  admin: TestAdmin,
  list: ScreenList,
  query: Record<string, string>,
) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: LIST_URL[list],
    query: { ...query, limit: '1' },
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { pagination: { total: number } } }>().data.pagination.total;
}

/** The ids of `list`'s whole screen in its order, read page by page as the screen reads them. */
export async function listIds(
  ctx: Pick<Ctx, 'app'>,
  admin: TestAdmin,
  list: ScreenList,
  query: Record<string, string>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: LIST_URL[list],
      query: { ...query, page: String(page), limit: '100' },
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    const items = Object.values(data).find(Array.isArray) as { id?: string; _id?: string }[];
    ids.push(...items.map((item) => item.id ?? item._id!));
    const { pages } = data.pagination as { pages: number };
    if (page >= pages) return ids;
  }
}

/** A download from the app listening on `port` whose client reads its first bytes, then nothing. */
export async function stalledDownload(port: number, url: string) {
  const request = http.get(`http://127.0.0.1:${port}/api${url}`);
  request.on('error', () => {});
  const response = await new Promise<http.IncomingMessage>((resolve) =>
    request.on('response', resolve),
  );
  expect(response.statusCode).toBe(200);
  response.on('error', () => {});
  await new Promise((resolve) => response.once('data', resolve));
  response.pause();
  return request;
}

/** The server sessions whose last statement is an export's COPY, and what each waits for. */
export async function exportCopies(ctx: Pick<Ctx, 'database'>) {
  return rowsOf<{ pid: number; state: string; wait: string | null }>(
    await ctx.database.db.execute(sql`
      select pid, state, wait_event as wait from pg_stat_activity
      where datname = current_database() and query like 'copy (select csv_cell(%'`),
  );
}

/** The sessions of `rows` running a statement now. */
export const activeSessions = <Row extends { state: string }>(rows: Row[]) =>
  rows.filter((row) => row.state === 'active');

/** The app's pool of connections for exports. */
export const exportsPool = (ctx: Pick<Ctx, 'database'>) =>
  ctx.database.pools().find((pool) => pool.name === 'exports')!;
