import { expect, type Page } from '@playwright/test';
import { bearer } from './session.ts';

// The API calls a spec makes beside the screen, as the admin signed in on `page`: to check what a
// screen did, or to set up what a test needs faster than through the screen
// (docs/conventions.md#test-kits).

/** GET `path` (with its query) as the admin signed in on `page`; expects 200, returns `data`. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: await bearer(page) });
  expect(res.status(), `GET ${path}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** POST `body` to `path` as the admin signed in on `page`; expects `status`, returns `data`. */
export async function apiPost<T>(
  page: Page,
  path: string,
  body: unknown,
  status = 201,
): Promise<T> {
  const res = await page.request.post(path, { headers: await bearer(page), data: body });
  expect(res.status(), `POST ${path}`).toBe(status);
  return ((await res.json()) as { data: T }).data;
}

/**
 * The rows a list answers at `path` (its query included), under `key` ('purchases'), without each
 * row's `version`: every save moves it, an Undo included (decision 208); what must come back is
 * the data.
 */
export async function apiRows<Row>(page: Page, path: string, key: string): Promise<Row[]> {
  const data = await apiGet<Record<string, Row[]>>(page, path);
  return (data[key] ?? []).map((row) => ({ ...row, version: undefined }));
}

/** A record as the API answers it, without what every save moves (decision 241). */
export function withoutSaveTime<Row extends { updatedAt?: unknown; version?: unknown }>(
  row: Row,
): Omit<Row, 'updatedAt' | 'version'> {
  const { updatedAt: _at, version: _version, ...rest } = row;
  return rest;
}

/** A customer of the demo data, the `index`-th of User Management's first page, through the API. */
export async function customerOnFirstPage(
  page: Page,
  index: number,
): Promise<{ id: string; fullName: string; email: string }> {
  const answer = await page.request.get('/api/users', {
    headers: await bearer(page),
    params: { page: 1, limit: 10 },
  });
  const users = (await answer.json()).data.users as {
    id: string;
    fullName: string;
    email: string;
  }[];
  const user = users[index];
  if (!user) throw new Error(`No customer #${index} on the first page`);
  return user;
}
