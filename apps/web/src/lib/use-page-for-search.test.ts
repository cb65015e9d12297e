import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { usePageForSearch } from './use-page-for-search.ts';

test('a new search starts at page 1, and going back to an earlier search does too', () => {
  const { result, rerender } = renderHook(({ search }) => usePageForSearch(search), {
    initialProps: { search: '' },
  });
  act(() => result.current[1](3));
  expect(result.current[0]).toBe(3);

  rerender({ search: 'smith' });
  expect(result.current[0]).toBe(1);
  act(() => result.current[1](2));
  expect(result.current[0]).toBe(2);

  // Clearing the search shows the whole list from its first page, not the page 3 it was on.
  rerender({ search: '' });
  expect(result.current[0]).toBe(1);
  rerender({ search: 'smith' });
  expect(result.current[0]).toBe(1);
});
