import { availableParallelism } from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { routeModules } from './build/route-modules.ts';
import { lodashOnce } from './build/lodash-once.ts';
import { contractsChunk } from './build/contracts-chunk.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

const testFiles = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];
/**
 * Test files on jsdom, each with its reason at its top (docs/decisions/393): happy-dom names an
 * accessible name, sends a form and sanitizes HTML differently from a browser.
 */
const jsdomFiles = [
  'src/features/notifications/notifications-page.test.tsx',
  'src/features/offers/offers-page.test.tsx',
  'src/features/privacy/privacy-page.test.tsx',
];

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    zodWithoutJsonSchema(),
    lodashOnce(),
    routeModules(),
    contractsChunk(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      {
        find: /^quill$/,
        replacement: path.resolve(
          import.meta.dirname,
          'src/features/privacy/components/quill-lean.ts',
        ),
      },
    ],
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
    },
  },
  build: {
    // No public source maps (decision 120): `npm run build -w apps/web -- --sourcemap` makes them
    // for a local analysis. The manifest (dist/.vite/, never served) feeds `npm run check:bundle`.
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  test: {
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 15_000,
    // Vitest's default is cores - 1, one file at a time on CI's 2 cores: docs/decisions/287.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // docs/decisions/393: happy-dom, and each worker runs its files one after the other in one
    // module graph (`isolate: false`: the app, msw and Testing Library are imported once per
    // worker, not once per file; every test still renders a new app with a new query client and
    // router, and setup.ts resets the rest after each test). The files whose checks happy-dom
    // gets wrong run on jsdom, each file in a fresh graph: a module evaluated on one DOM keeps
    // that DOM's globals (Quill does), so the two DOMs never share one.
    projects: [
      {
        extends: true,
        test: {
          name: 'happy-dom',
          environment: 'happy-dom',
          isolate: false,
          include: testFiles,
          exclude: [...configDefaults.exclude, ...jsdomFiles],
        },
      },
      { extends: true, test: { name: 'jsdom', environment: 'jsdom', include: jsdomFiles } },
    ],
  },
});
