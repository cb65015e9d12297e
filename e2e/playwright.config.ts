import { defineConfig } from '@playwright/test';

/**
 * End-to-end specs: the production build, a real Chromium (Debian's /usr/bin/chromium; no
 * browser is ever downloaded), a fresh database and a real SMTP sink, all started by
 * global-setup.ts. Run `npm run test:e2e` from the repository root.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.tmp/test-results',
  // One shared server and a 2-core machine: one worker, files in a fixed order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    // Set by global-setup.ts, which runs before the workers load this file again.
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
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
