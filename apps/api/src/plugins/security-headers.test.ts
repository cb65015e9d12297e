import { expect, test } from 'vitest';
import { useTestContext } from '../../test/support/app.ts';
import { RAW_ANSWER_HEADERS } from './security-headers.ts';

const ctx = useTestContext();

/** What every answer carries that is not a security header. */
const OTHER_HEADERS = new Set([
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'x-request-id',
]);

test('an answer written to the socket carries exactly the security headers helmet sends', async () => {
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  const security = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !OTHER_HEADERS.has(name)),
  );
  expect(security).toEqual(RAW_ANSWER_HEADERS);
});
