import { expect, test } from 'vitest';
import { z } from 'zod';
import { isUuid } from './lists-plain.ts';

test('isUuid accepts exactly what z.uuid() accepts', () => {
  const samples = [
    '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
    '01890a5d-ac96-774b-bcce-b302099a8057',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '7c9e6679-7425-00de-944b-e07fc1f90ae7',
    '7c9e6679-7425-90de-944b-e07fc1f90ae7',
    '7c9e6679-7425-40de-c44b-e07fc1f90ae7',
    '7c9e6679742540de944be07fc1f90ae7',
    '7c9e6679-7425-40de-944b-e07fc1f90ae',
    ' 7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'g c9e6679-7425-40de-944b-e07fc1f90ae7',
    '',
    'open',
  ];
  for (const value of samples) {
    expect(isUuid(value), value).toBe(z.uuid().safeParse(value).success);
  }
});
