import { beforeAll, expect, test } from 'vitest';
import { createAdmin } from '../../../test/admins.ts';
import { useTestContext } from '../../../test/context.ts';
import { createCustomer, uniqueMarker } from '../../../test/factories.ts';
import { verifyAccessToken, type AccessClaims } from '../../lib/tokens.ts';
import { createUserList } from './users.repository.ts';
import type { Database } from '../../db/client.ts';

// Which list statements run on a generic plan (db/client.ts `readRows` with `prepared`,
// decisions 172, 174 and 177): every page without a search, a search's walk over the list's own
// index, and the collection of a term the trigram index finds by its trigrams; never a statement
// that counts a search's matches, nor the collection of a term without a trigram, whose best
// plans depend on the term.
const ctx = useTestContext();
const dense = uniqueMarker('dense');
const rare = uniqueMarker('rare');
/** No three ASCII letters or digits in a row: no trigram for the index to look up. */
const noTrigram = 'ø-å-ø';
let claims: AccessClaims;

beforeAll(async () => {
  const admin = await createAdmin(ctx);
  const verified = await verifyAccessToken(ctx.jwtSecret, admin.token);
  if (!verified) throw new Error('the test admin token does not verify');
  claims = verified;
  for (let i = 0; i < 20; i++) await createCustomer(ctx, { fullName: `${dense} ${i}` });
  await createCustomer(ctx, { fullName: `${rare} one` });
  await createCustomer(ctx, { fullName: `Øyvind ${noTrigram}` });
  for (let i = 0; i < 9; i++) await createCustomer(ctx);
});

/** The users list on a database that records how each statement was sent (and keeps nothing). */
function recordedList() {
  const prepared: boolean[] = [];
  const database: Database = {
    ...ctx.database,
    changes: undefined,
    readRows: (text, values, options) => {
      prepared.push(options.prepared);
      return ctx.database.readRows(text, values, options);
    },
  };
  return { list: createUserList(database), prepared };
}

test('a page without a search is prepared', async () => {
  const { list, prepared } = recordedList();
  await list(claims, { page: 1, limit: 6 });
  await list(claims, { page: 2, limit: 6 });
  expect(prepared).toEqual([true, true]);
});

test('a search is planned for its term while it counts, or collects without a trigram; prepared otherwise', async () => {
  const { list, prepared } = recordedList();
  // First: the count goes with the page. Then the count is kept, and 20 matches in 30 customers
  // are dense enough to walk the listing index.
  const first = await list(claims, { page: 1, limit: 6, search: dense });
  const again = await list(claims, { page: 2, limit: 6, search: dense });
  expect([first.pagination.total, again.pagination.total]).toEqual([20, 20]);
  expect(prepared).toEqual([false, true]);
  // One match: counted for the term, then collected through the trigram index on its generic plan.
  prepared.length = 0;
  await list(claims, { page: 1, limit: 6, search: rare });
  const rareAgain = await list(claims, { page: 1, limit: 6, search: rare });
  expect(rareAgain.pagination.total).toBe(1);
  expect(prepared).toEqual([false, true]);
  // One match of a term without a trigram: collected on a plan made for the term every time.
  prepared.length = 0;
  const odd = await list(claims, { page: 1, limit: 6, search: noTrigram });
  const oddAgain = await list(claims, { page: 1, limit: 6, search: noTrigram });
  // Upper case found too: lower() folds the term as ILIKE did (a new term: counted first).
  const upper = await list(claims, { page: 1, limit: 6, search: noTrigram.toUpperCase() });
  expect([odd, oddAgain, upper].map((answer) => answer.pagination.total)).toEqual([1, 1, 1]);
  expect(upper.items.text).toContain('Øyvind');
  expect(prepared).toEqual([false, false, false]);
});
