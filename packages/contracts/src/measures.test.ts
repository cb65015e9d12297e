import { expect, test } from 'vitest';
import { createCaskFields } from './casks.ts';
import {
  abvInput,
  formatAbv,
  formatVolume,
  parseAbv,
  parseVolume,
  volumeInput,
} from './measures.ts';
import { detailInputValue, offerDetailsSchemas } from './offer-form.ts';

test('an ABV is a number with an optional %, from 0 to 100, at most two decimals', () => {
  expect(
    ['58.4', '58.4%', '58.4 %', '0', '100%', '63.25%'].map((typed) => parseAbv(typed)),
  ).toEqual([58.4, 58.4, 58.4, 0, 100, 63.25]);
  for (const typed of ['-5%', 'NaN', '1e999', '0x3A', '58,4%', '58.456%', '%', '', 'forty']) {
    expect(parseAbv(typed), typed).toEqual({
      error: 'ABV must be a percentage, e.g. 58.4 or 58.4%',
    });
  }
  expect(parseAbv('100.5%')).toEqual({ error: 'ABV must be from 0 to 100%' });
});

test('a volume is a number of litres with an optional unit, counted in whole millilitres', () => {
  const typed = ['250', '250L', '250 l', '70cl', '700ml', '33.3cl', '0.75L', '2000L', '1.5 L'];
  expect(typed.map((value) => parseVolume(value))).toEqual([
    250, 250, 250, 0.7, 0.7, 0.333, 0.75, 2000, 1.5,
  ]);
  for (const value of ['-5', 'NaN', '1e999', 'Infinity', '250 gallons', '0.5ml', '1.2345L', '']) {
    expect(parseVolume(value), value).toEqual({
      error: 'Volume must be a number of litres, e.g. 250 or 250L (or 70cl, 700ml)',
    });
  }
  for (const value of ['0', '0L', '1000001L']) {
    expect(parseVolume(value), value).toEqual({
      error: 'Volume must be more than 0 and at most 1,000,000 litres',
    });
  }
});

test('shown as the forms take them: the percentage with %, litres with L, under a litre in cl', () => {
  expect([58.4, 40, 63.25].map(formatAbv)).toEqual(['58.4%', '40%', '63.25%']);
  expect([250, 2000, 1.5, 0.7, 0.333, 0.05].map(formatVolume)).toEqual([
    '250L',
    '2000L',
    '1.5L',
    '70cl',
    '33.3cl',
    '5cl',
  ]);
  for (const typed of ['58.4%', '250L', '70cl']) {
    const parsed = typed.endsWith('%') ? parseAbv(typed) : parseVolume(typed);
    const shown = typed.endsWith('%')
      ? formatAbv(parsed as number)
      : formatVolume(parsed as number);
    expect(shown).toBe(typed);
  }
});

test('the cask form and the offer details take the text the spec forms send, or a number', () => {
  const cask = createCaskFields.parse({
    name: 'Ardbeg',
    owner: '6a0e7e0e-1111-4111-8111-111111111111',
    volume: '250L',
    abv: '58.4%',
  });
  expect(cask).toMatchObject({ volume: 250, abv: 58.4 });
  expect(
    offerDetailsSchemas.cask.parse({
      distillery: 'Ardbeg',
      caskType: 'Sherry Butt',
      vintage: 2015,
      abv: '58.2%',
      volume: 500,
    }),
  ).toMatchObject({ abv: 58.2, volume: 500 });
  const bottle = offerDetailsSchemas.bottle.parse({ distillery: 'A', quantity: 6, volume: ' ' });
  expect(bottle.volume).toBeUndefined();
  expect(abvInput('ABV').safeParse('1e999').error?.issues[0]?.message).toBe(
    'ABV must be a percentage, e.g. 58.4 or 58.4%',
  );
  expect(volumeInput('Volume').safeParse(Number.NaN).success).toBe(false);
  expect(detailInputValue({ kind: 'abv' }, 58.2)).toBe('58.2%');
  expect(detailInputValue({ kind: 'volume' }, 0.7)).toBe('70cl');
  expect(detailInputValue({ kind: 'text' }, 'Sherry Butt')).toBe('Sherry Butt');
});
