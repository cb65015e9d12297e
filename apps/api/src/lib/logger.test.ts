import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createLogger, redactUrl } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

test("a failed query's parameters never reach the log, only the statement", () => {
  const { logger, text } = capture();
  // The shape of drizzle-orm's DrizzleQueryError (lib/ does not import Drizzle): the statement,
  // its parameters in `params` and in the message, and the driver's error, whose message and
  // detail quote the offending value, as `cause`.
  const cause = Object.assign(
    new Error('invalid input syntax for type uuid: "forged-subject-value"'),
    {
      code: '22P02',
      detail: 'Key (id)=(forged-subject-value)',
    },
  );
  const error = Object.assign(
    new Error(
      'Failed query: select "id" from "admins" where "id" = $1\nparams: forged-subject-value',
    ),
    { query: 'select "id" from "admins" where "id" = $1', params: ['forged-subject-value'], cause },
  );
  logger.error({ err: error }, 'request failed');
  expect(text()).toContain('select \\"id\\" from \\"admins\\"');
  expect(text()).toContain('22P02');
  expect(text()).not.toContain('forged-subject-value');
});

test('a secret query parameter is redacted in every spelling and encoding of its name', () => {
  const path = '/api/auth/refresh-token';
  for (const name of [
    'refreshToken',
    'refresh%54oken',
    '%72%65freshToken',
    'refresh%2554oken',
    'REFRESHTOKEN',
    'refresh_token',
    'refresh+token',
    'refresh%ZZToken',
    'otp',
    'newPassword',
  ]) {
    const url = redactUrl(`${path}?page=2&${name}=s3cr3t-value&x=1`);
    expect(url, name).toBe(`${path}?page=2&${name}=[redacted]&x=1`);
  }
  expect(redactUrl(`${path}?refreshToken=a&refreshToken=b`)).toBe(
    `${path}?refreshToken=[redacted]&refreshToken=[redacted]`,
  );
  expect(redactUrl('/api/users?search=whisky&page=1')).toBe('/api/users?search=whisky&page=1');
});
