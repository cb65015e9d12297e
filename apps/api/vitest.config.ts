import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Vitest's default is cores - 1, one file at a time on CI's 2 cores, while a file spends
    // much of its time waiting on the database or a timer: docs/decisions/287.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker runs file after file with the modules it has already imported (the app, Fastify,
    // Drizzle, PGlite): a fresh process per file spent most of the suite importing them again.
    // Each file still gets a database and an app of its own (test/support/app.ts); what a module
    // keeps between files is listed in docs/decisions/357, and the suite passed in random orders.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
