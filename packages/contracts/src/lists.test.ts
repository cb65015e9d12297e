import { expect, test } from 'vitest';
import { z } from 'zod';
import { okEnvelope, pageQuery, sortParam } from './common.ts';
import { defineList, isListDefinition, listSorts } from './lists.ts';
import { offerListDefinition } from './offers.ts';

const answer = okEnvelope(z.object({ items: z.array(z.object({ id: z.string() })) }));

test("a list's sorts are its query's sort names, ascending, and none without a sort", () => {
  expect(listSorts(offerListDefinition)).toEqual(['title', 'priceNumeric', 'createdAt']);
  const sorted = defineList({
    path: '/things',
    query: pageQuery.extend({ sort: sortParam(['name', 'createdAt']) }),
    response: answer,
  });
  expect(listSorts(sorted)).toEqual(['name', 'createdAt']);
  expect(listSorts(defineList({ path: '/plain', query: pageQuery, response: answer }))).toEqual([]);
});

test('a definition is told from any other export of a contract', () => {
  expect(isListDefinition(offerListDefinition)).toBe(true);
  for (const other of [answer, pageQuery, { path: '/x' }, null, 'list', { kind: 'form' }]) {
    expect(isListDefinition(other)).toBe(false);
  }
});
