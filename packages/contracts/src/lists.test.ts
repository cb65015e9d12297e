import { expect, test } from 'vitest';
import { z } from 'zod';
import { okEnvelope, pageQuery, sortParam } from './common.ts';
import { defineList, exportFilters, isListDefinition, listSorts } from './lists.ts';
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

test("a list's export filters are its query without page and limit, parsed as the list parses them", () => {
  const filters = exportFilters(offerListDefinition);
  if (!(filters instanceof z.ZodObject)) throw new Error('an object, as the route documents it');
  expect(Object.keys(filters.shape)).toEqual(
    Object.keys(offerListDefinition.query.shape).filter((key) => key !== 'page' && key !== 'limit'),
  );
  expect(filters.parse({ type: 'cask', sort: '-title', page: '2' })).toEqual({
    type: 'cask',
    sort: '-title',
  });
});
