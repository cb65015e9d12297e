import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs: the production build, a real Chromium (Debian's /usr/bin/chromium; no
 * browser is ever downloaded), fresh databases and real SMTP sinks, all started by
 * global-setup.ts; `baseURL` is each worker's own server (support/test.ts). Run
 * `npm run test:e2e` from the repository root.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.tmp/test-results',
  // Two workers, each with a server, a database and a mail sink of its own (global-setup.ts,
  // docs/decisions/286): a test spends much of its time waiting on the browser or the server,
  // so two share CI's 2 cores well. Tests within a file run in order, in one worker.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Flows of a dozen steps, two workers, a busy 2-core machine: 30 s is too tight (decision 286).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Recorded on a failed test's retry only: a trace takes a screencast and a DOM snapshot at
    // every step, and recorded for every test (to keep only failures') it cost the CI machine's
    // two cores a large share of the run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the background-networking flags Chromium's own outgoing connections are
      // refused on the CI machine and slow every launch down.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
