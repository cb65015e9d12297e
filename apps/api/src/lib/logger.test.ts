import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createLogger, redactUrl, requestLoggerFactory } from './logger.ts';

function capture(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { logger: createLogger(level, stream), text: () => lines.join('') };
}

function parseLogLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test("a request's logger writes the child's lines: the request's id, redaction, the levels", () => {
  const { logger, text } = capture('warn');
  const log = requestLoggerFactory(logger, { reqId: 'req-7' }, {});
  log.info({ note: 'below the level' }, 'not written');
  log.debug('not written either');
  expect(text()).toBe('');

  log.warn({ body: { password: 'hunter2' }, kept: 'yes' }, 'slow answer');
  log.error(new Error('boom'), 'request failed');
  const [warning, failure] = parseLogLines(text());
  expect(warning).toMatchObject({ reqId: 'req-7', msg: 'slow answer', kept: 'yes' });
  expect(warning?.body).toEqual({ password: '[redacted]' });
  expect(failure).toMatchObject({ reqId: 'req-7', msg: 'request failed', level: 50 });
  expect(text()).not.toContain('hunter2');

  // Its own level and its children behave as pino's child would.
  expect(log.level).toBe('warn');
  log.level = 'debug';
  log.debug('now written');
  log.child({ step: 'mail' }).info('from a child');
  const [, , debug, child] = parseLogLines(text());
  expect(debug).toMatchObject({ reqId: 'req-7', msg: 'now written' });
  expect(child).toMatchObject({ reqId: 'req-7', step: 'mail', msg: 'from a child' });
  expect(logger.level).toBe('warn');
});

test('a secret field is redacted at the top of a line and one level down', () => {
  const { logger, text } = capture();
  logger.warn({ password: 'top-secret-1', token: 'top-secret-2', otp: '123456' }, 'top level');
  logger.warn({ body: { newPassword: 'nested-secret', code: '654321' } }, 'one level down');
  const [top, nested] = parseLogLines(text());
  expect(top).toMatchObject({ password: '[redacted]', token: '[redacted]', otp: '[redacted]' });
  expect(nested?.body).toEqual({ newPassword: '[redacted]', code: '[redacted]' });
  expect(text()).not.toMatch(/top-secret|nested-secret|123456|654321/);
});

test("a route's own log level gets pino's child as it is", () => {
  const { logger, text } = capture('warn');
  const log = requestLoggerFactory(logger, { reqId: 'req-8' }, { level: 'info' });
  log.info('written at the route level');
  expect(parseLogLines(text())[0]).toMatchObject({
    reqId: 'req-8',
    msg: 'written at the route level',
  });
});

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
