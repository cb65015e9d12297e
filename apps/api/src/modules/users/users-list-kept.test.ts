import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { createAdmin, type TestAdmin } from '../../../test/admins.ts';
import { useTestContext } from '../../../test/context.ts';
import { createCustomer, uniqueMarker } from '../../../test/factories.ts';
import type { User } from '@cask/contracts/users';
import type { JsonText } from '../../lib/json-text.ts';
import { verifyAccessToken, type AccessClaims } from '../../lib/tokens.ts';
import { createUserList } from './users.repository.ts';

// What db/list-pipeline.ts keeps between requests on embedded PGlite (docs/decisions/170): an
// answer is given again only while nothing has been sent to the database since it was read, and
// only on the UTC day it was read on. On PostgreSQL nothing is kept.
const ctx = useTestContext();
let admin: TestAdmin;
let claims: AccessClaims;

beforeAll(async () => {
  admin = await createAdmin(ctx);
  const verified = await verifyAccessToken(ctx.jwtSecret, admin.token);
  if (!verified) throw new Error('the test admin token does not verify');
  claims = verified;
});

/** The page's users: the answer holds them as the JSON text PostgreSQL wrote. */
function usersOf(answer: { items: JsonText<User[]> }): User[] {
  return JSON.parse(answer.items.text) as User[];
}

afterEach(() => {
  vi.useRealTimers();
});

test('an answer is given again until a write, then read afresh', async () => {
  const list = createUserList(ctx.database);
  const query = { page: 1, limit: 6 };
  const first = await list(claims, query);
  const again = await list(claims, query);
  const embedded = ctx.database.kind === 'pglite';
  // Kept on PGlite (the very same answer), read again on PostgreSQL.
  expect(again === first).toBe(embedded);
  expect([again.items, again.pagination]).toEqual([first.items, first.pagination]);

  const marker = uniqueMarker();
  const created = await createCustomer(ctx, { fullName: `${marker} newest` });
  const after = await list(claims, query);
  expect(after).not.toBe(first);
  expect(after.pagination.total).toBe(first.pagination.total + 1);
  expect(usersOf(after)[0]?.id).toBe(created.id);

  // Another page, size or search is another answer.
  const other = await list(claims, { page: 1, limit: 10 });
  expect(usersOf(other).length).toBeGreaterThanOrEqual(usersOf(after).length);
  expect(other).not.toBe(after);
});

test('an answer kept on one UTC day is read again on the next', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-05-01T23:59:58Z'));
  const list = createUserList(ctx.database);
  const query = { page: 1, limit: 6 };
  const first = await list(claims, query);
  expect((await list(claims, query)) === first).toBe(ctx.database.kind === 'pglite');
  vi.setSystemTime(new Date('2031-05-02T00:00:01Z'));
  const nextDay = await list(claims, query);
  expect(nextDay).not.toBe(first);
  expect([nextDay.items, nextDay.pagination]).toEqual([first.items, first.pagination]);
});
