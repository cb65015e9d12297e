import { expect, test } from 'vitest';
import { adminListDefinition } from '@cask/contracts/admins';
import { rewardListDefinition } from '@cask/contracts/rewards';
import { userListDefinition } from '@cask/contracts/users';
import { rewardsKey, usersKey } from './customer-queries.ts';
import { listKey, listOptions } from './list-query.ts';

test("a list's key is its definition's name, its path without one", () => {
  expect(listKey(userListDefinition)).toEqual(['users']);
  expect(listKey(adminListDefinition)).toEqual([adminListDefinition.name ?? '/admins']);
  expect(listOptions(userListDefinition, { page: 2 }).queryKey).toEqual([
    'users',
    'list',
    { page: 2 },
  ]);
});

// A customer's change invalidates usersKey and rewardsKey (customer-queries.ts): the lists' own
// keys must start with them.
test('the customer lists live under the keys a customer change invalidates', () => {
  expect(listKey(userListDefinition)).toEqual(usersKey);
  expect(listKey(rewardListDefinition)).toEqual(rewardsKey);
});
