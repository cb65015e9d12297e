import { expect, test, vi } from 'vitest';
import {
  formatCount,
  formatDate,
  formatIsoDate,
  formatMegabytes,
  formatMoney,
  formatThousands,
} from './format.ts';

test('Total Value reads in thousands of dollars followed by k', () => {
  expect(formatThousands(125_000)).toBe('$125k');
  expect(formatThousands('125500.00')).toBe('$125.5k');
  expect(formatThousands(1_250_000)).toBe('$1,250k');
  expect(formatThousands(0)).toBe('$0k');
});

test('money shows dollars, cents only when there are some, and 0 when missing', () => {
  expect(formatMoney(12_500)).toBe('$12,500');
  expect(formatMoney('12500.5')).toBe('$12,500.50');
  expect(formatMoney(null)).toBe('$0');
  expect(formatMoney('not a number')).toBe('$0');
});

test('counts get thousands separators', () => {
  expect(formatCount(12_345)).toBe('12,345');
});

test('dates read naturally, and a missing date reads N/A', () => {
  expect(formatDate('2025-03-04T12:00:00Z')).toBe('Mar 4, 2025');
  expect(formatDate(undefined)).toBe('N/A');
  expect(formatDate('garbage')).toBe('N/A');
  expect(formatIsoDate('2025-03-04T12:00:00Z')).toBe('2025-03-04');
});

test('upload sizes read in MB with two decimals', () => {
  expect(formatMegabytes(1_310_720)).toBe('1.25 MB');
  expect(formatMegabytes(0)).toBe('0.00 MB');
});

test('each formatter is made once, on first use, not when a screen loads', async () => {
  const { NumberFormat, DateTimeFormat } = Intl;
  // Counted, still the real ones (a constructor's mock must be a function to be called by new).
  const numberFormats = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
    return new NumberFormat(...args);
  });
  const dateFormats = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
    return new DateTimeFormat(...args);
  });
  vi.resetModules();
  const format = await import('./format.ts');
  expect(numberFormats).not.toHaveBeenCalled();
  for (let row = 0; row < 20; row++) {
    expect(format.formatMoney(12500)).toBe('$12,500');
    expect(format.formatDate('2025-03-04T12:00:00Z')).toBe('Mar 4, 2025');
  }
  expect(numberFormats).toHaveBeenCalledTimes(1);
  expect(dateFormats).toHaveBeenCalledTimes(1);
  numberFormats.mockRestore();
  dateFormats.mockRestore();
});
