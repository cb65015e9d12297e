import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import type { User } from '@cask/contracts/users';
import { jsonObject } from './sql-fragments.ts';

// Issue 42: a list's row is written once, as the contract's item type. jsonObject takes one SQL
// expression per key of that type, so the contract is the one statement of the answer's shape:
// tsc (npm run typecheck) fails on the lines marked below if a key can go missing or be added.

const dialect = new PgDialect();

const USER_COLUMNS = {
  id: sql`p.id`,
  fullName: sql`p.full_name`,
  email: sql`p.email`,
  phone: sql`p.phone`,
  balance: sql`p.balance`,
  isActive: sql`p.is_active`,
  createdAt: sql`p.created_at`,
  version: sql`p.version`,
};

test("a row is json_build_object of the contract's keys, each a literal, in order", () => {
  const query = dialect.sqlToQuery(jsonObject<User>(USER_COLUMNS));
  expect(query.sql).toBe(
    "json_build_object('id', p.id, 'fullName', p.full_name, 'email', p.email, 'phone', p.phone, 'balance', p.balance, 'isActive', p.is_active, 'createdAt', p.created_at, 'version', p.version)",
  );
  expect(query.params).toEqual([]);
});

test('a key the contract has but the row lacks, or one it does not have, is a type error', () => {
  const { version: _version, ...withoutVersion } = USER_COLUMNS;
  // @ts-expect-error the contract's User has a version: a row without one does not compile
  jsonObject<User>(withoutVersion);
  jsonObject<User>({
    ...USER_COLUMNS,
    // @ts-expect-error the contract's User has no `points`: a row with one does not compile
    points: sql`p.points_balance`,
  });
  // A key whose value holds a quote is still one literal (drizzle's quoting), not SQL.
  expect(dialect.sqlToQuery(jsonObject<{ "it's": unknown }>({ "it's": sql`1` })).sql).toBe(
    "json_build_object('it''s', 1)",
  );
});
