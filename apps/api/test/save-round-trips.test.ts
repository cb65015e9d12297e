import { beforeAll, expect, test } from 'vitest';
import { useTestContext } from './support/app.ts';
import { statementsSent } from './support/database.ts';
import { auditEntriesOf, createCustomer } from './support/factories.ts';
import { createAdmin, type TestAdmin } from './support/sign-in.ts';

// Issue 46 (decisions 389 and 390): a save is at most three round trips to the database (a
// single edit one statement; a bulk action BEGIN, one statement, COMMIT), counted on the real
// database, and saves of one row still take turns.
const ctx = useTestContext();
let admin: TestAdmin;
beforeAll(async () => {
  admin = await createAdmin(ctx);
});

const send = (method: 'PUT' | 'POST', url: string, payload: object, ifMatch?: string) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { ...admin.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
  });

test('a customer status save with If-Match is one statement, audited as before', async () => {
  const customer = await createCustomer(ctx);
  const version = `"${customer.updatedAt.getTime()}"`;
  let status = 0;
  const sent = await statementsSent(ctx, async () => {
    status = (await send('PUT', `/api/users/${customer.id}`, { isActive: false }, version))
      .statusCode;
  });
  expect(status).toBe(200);
  expect(sent).toHaveLength(1);
  const [entry] = await auditEntriesOf(ctx, { action: 'user.updated', entityId: customer.id });
  expect(entry).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
});

test('a refused customer save (412, 404) is one statement and writes nothing', async () => {
  const customer = await createCustomer(ctx);
  const answers: number[] = [];
  const sent = await statementsSent(ctx, async () => {
    answers.push(
      (await send('PUT', `/api/users/${customer.id}`, { isActive: false }, '"1"')).statusCode,
    );
    answers.push(
      (await send('PUT', '/api/users/00000000-0000-4000-8000-000000000000', { isActive: false }))
        .statusCode,
    );
  });
  expect(answers).toEqual([412, 404]);
  expect(sent).toHaveLength(2);
  expect(await auditEntriesOf(ctx, { entityId: customer.id })).toEqual([]);
});

test('two saves of one customer with the same If-Match take turns: the second is refused', async () => {
  const customer = await createCustomer(ctx);
  const version = `"${customer.updatedAt.getTime()}"`;
  const answers = await Promise.all(
    [false, true, false].map((isActive) =>
      send('PUT', `/api/users/${customer.id}`, { isActive }, version),
    ),
  );
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412, 412]);
  expect(await auditEntriesOf(ctx, { entityId: customer.id })).toHaveLength(1);
});
