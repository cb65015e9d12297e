import { expect, test } from 'vitest';
import {
  DATE_OUT_OF_RANGE,
  instantParam,
  line,
  LONE_SURROGATE_REFUSED,
  parseIfMatch,
  NUL_CHARACTER_REFUSED,
  SINGLE_LINE_REFUSED,
  text,
} from './common.ts';

test('text refuses the NUL character wherever it stands, with a message naming it', () => {
  for (const value of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
    const result = text().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([NUL_CHARACTER_REFUSED]);
  }
});

test("text keeps the field's own rules and reports them alongside", () => {
  const name = text({ error: 'Name is required' }).trim().min(2, 'Name is too short');
  expect(name.parse('  Ada  ')).toBe('Ada');
  expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
  expect(name.safeParse('\u0000').error?.issues.map((issue) => issue.message)).toEqual([
    NUL_CHARACTER_REFUSED,
    'Name is too short',
  ]);
});

test('text refuses half of a surrogate pair standing alone, and keeps whole pairs', () => {
  for (const value of ['x\ud800', '\udc00x', 'a\ud83d', '\ude00\ud83d']) {
    const result = text().safeParse(value);
    expect(result.success, JSON.stringify(value)).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([LONE_SURROGATE_REFUSED]);
  }
  for (const value of ['Ardbeg \u{1F943}', '\ud83d\ude00', 'Glen Scotia, Campbeltown']) {
    expect(text().parse(value)).toBe(value);
  }
});

test('line refuses control characters and direction overrides inside, once trimmed', () => {
  const refused = [
    'Ard\u001bbeg', // ESC
    'Ard\u0007beg', // BEL
    'Ard\r\nbeg',
    'Ard\tbeg',
    'Ard\u0085beg', // NEL, a C1 control
    'Ard\u2028beg', // line separator
    'photo\u202egpj.exe', // right-to-left override
    'a\u2066b\u2069', // an isolate
  ];
  for (const value of refused) {
    const result = line().safeParse(value);
    expect(result.success, JSON.stringify(value)).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([SINGLE_LINE_REFUSED]);
  }
  expect(line().parse('  Ardbeg Uigeadail\r\n')).toBe('Ardbeg Uigeadail');
  expect(line().parse('Bruichladdich – Octomore 13.1 ★ \u05e9\u05dc\u05d5\u05dd')).toBe(
    'Bruichladdich – Octomore 13.1 ★ \u05e9\u05dc\u05d5\u05dd',
  );
  // NUL is named by its own message only.
  expect(
    line()
      .safeParse('a\u0000b')
      .error?.issues.map((issue) => issue.message),
  ).toEqual([NUL_CHARACTER_REFUSED]);
  // Several lines stay text: notes keep their line breaks.
  expect(text().parse('Regauged in May.\nNext in June.')).toBe('Regauged in May.\nNext in June.');
});

test('parseIfMatch reads RFC 9110 entity-tag lists, and only those', () => {
  expect(parseIfMatch('*')).toBe('*');
  expect(parseIfMatch('"12"')).toEqual([{ weak: false, opaque: '12' }]);
  expect(parseIfMatch(' W/"a" ,, "b,c" ,"" ,')).toEqual([
    { weak: true, opaque: 'a' },
    { weak: false, opaque: 'b,c' },
    { weak: false, opaque: '' },
  ]);
  expect(parseIfMatch('')).toEqual([]);
  for (const invalid of ['12', '"a', '"a" "b"', '"a"b', 'w/"a"', 'W/ "a"', '*, "a"', '"a\u0001"']) {
    expect(parseIfMatch(invalid), invalid).toBeUndefined();
  }
});

test('instantParam takes the instants of years 1800 to 9999 (UTC) only', () => {
  const instant = instantParam('Bad instant');
  for (const value of [
    '1800-01-01T00:00:00Z',
    '2026-11-27T01:00:00+02:00',
    '9999-12-31T23:59:59Z',
  ]) {
    expect(instant.safeParse(value).success, value).toBe(true);
  }
  for (const value of [
    '0000-01-01T00:00:00Z',
    '1800-01-01T00:30:00+01:00',
    '9999-12-31T23:00:00-05:00',
  ]) {
    expect(
      instant.safeParse(value).error?.issues.map((issue) => issue.message),
      value,
    ).toEqual([DATE_OUT_OF_RANGE]);
  }
  expect(instant.safeParse('yesterday').error?.issues[0]?.message).toBe('Bad instant');
});
