import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clearSession } from '@/lib/session.ts';
import { server } from './server.ts';
import { resetStore } from './store.ts';

// docs/conventions.md#tests-on-a-busy-machine: tests pass on a busy 2-core machine. findBy*/waitFor
// give up after 1 s by default, less than a lazy screen's first load (its whole module graph) can
// take under load. Waiting longer costs nothing when the test passes.
configure({ asyncUtilTimeout: 5_000 });

// jsdom (three files keep it, docs/decisions/393) has no matchMedia; react-hot-toast asks it
// about prefers-reduced-motion. happy-dom, the suite's environment, has one.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// The avatar picker previews the chosen file with an object URL: a fixed one (jsdom has none).
URL.createObjectURL = () => 'blob:avatar-preview';
URL.revokeObjectURL = () => {};

// The API is Mock Service Worker's (docs/decisions/353): a request no handler answers fails the
// test; a test's overrides (`server.use`) and its seeded store end with the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetStore();
  // Also ends a logout a test left half-way (queries stay disabled until the session is cleared).
  clearSession();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
});
