import { useEffect, useState } from 'react';

/**
 * The value as it was `ms` milliseconds after its last change. Search boxes feed it to their
 * query key so typing 'whisky' sends one request, not six (300 ms for casks,
 * docs/screens/casks.md#limits; 500 ms for offers and referrals).
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
