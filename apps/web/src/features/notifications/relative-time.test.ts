import { expect, test } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);

test('recent times read as words relative to now', () => {
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  expect(formatRelativeTime(ago(20), now)).toBe('just now');
  expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
  expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
  expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
  expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
  expect(formatRelativeTime(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
  expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
});

test('an unreadable time is N/A', () => {
  expect(formatRelativeTime('not a date', now)).toBe('N/A');
});
