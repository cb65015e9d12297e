import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('the value follows only once typing has paused for the delay', () => {
  const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
    initialProps: { value: '' },
  });
  rerender({ value: 'w' });
  act(() => vi.advanceTimersByTime(200));
  rerender({ value: 'wh' });
  act(() => vi.advanceTimersByTime(200));
  expect(result.current).toBe('');

  act(() => vi.advanceTimersByTime(100));
  expect(result.current).toBe('wh');
});
