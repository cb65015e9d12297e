import { expect, test } from 'vitest';
import { JsonText, serializeWithJsonText } from './json-text.ts';

test('JSON text is written into the answer as it is, wherever it stands', () => {
  const items = new JsonText<{ id: number }[]>('[{"id":1},{"id":2}]');
  const none = new JsonText<unknown[]>('[]');
  const answer = { success: true, data: { items, nested: [{ none }], total: 2 } };
  const text = serializeWithJsonText(answer);
  expect(text).toBe(
    '{"success":true,"data":{"items":[{"id":1},{"id":2}],"nested":[{"none":[]}],"total":2}}',
  );
  expect(JSON.parse(text)).toEqual({
    success: true,
    data: { items: [{ id: 1 }, { id: 2 }], nested: [{ none: [] }], total: 2 },
  });
});

test('an answer without JSON text is plain JSON.stringify, strings that look like markers included', () => {
  const answer = { message: 'jsontext:0', list: ['"jsontext:1"', null], when: new Date(0) };
  expect(serializeWithJsonText(answer)).toBe(JSON.stringify(answer));
  const withText = { message: 'jsontext:0', items: new JsonText<number[]>('[1]') };
  expect(JSON.parse(serializeWithJsonText(withText))).toEqual({
    message: 'jsontext:0',
    items: [1],
  });
});

test('JSON text written by a plain JSON.stringify is still the JSON it holds', () => {
  const answer = { items: new JsonText<{ id: number }[]>('[{"id":1}]') };
  expect(JSON.stringify(answer)).toBe('{"items":[{"id":1}]}');
});
