import { availableParallelism } from 'node:os';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { routeModules } from './build/route-modules.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), routeModules(), precompress()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
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
    // happy-dom: the suite in 379 s instead of 515 s, its environment set-up halved; three files
    // whose checks happy-dom gets wrong say `@vitest-environment jsdom` (docs/decisions/393).
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    testTimeout: 15_000,
    // Vitest's default is cores - 1, one file at a time on CI's 2 cores: docs/decisions/287.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
