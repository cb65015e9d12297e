import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { seededDataVariable, serversVariable } from './paths.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * Playwright's `test`, with `baseURL` pointing at this worker's own server: every spec imports
 * `test` and `expect` from here. The browser contexts a test opens itself get it too.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
  baseURL: async ({}, use, testInfo) => {
    const urls = JSON.parse(process.env[serversVariable] ?? '[]') as string[];
    const url = urls[testInfo.parallelIndex];
    if (!url) throw new Error(`No e2e server for worker ${testInfo.parallelIndex}`);
    await use(url);
  },
});

/**
 * A new data directory holding the seeded admins and demo data, for a spec that starts a server
 * of its own (a crash, a restart): copying skips the migrations and demo data of a first boot.
 */
export function copyOfSeededData(prefix: string): string {
  const seeded = process.env[seededDataVariable];
  if (!seeded) throw new Error(`${seededDataVariable} is not set: run through global-setup.ts`);
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(seeded, dir, { recursive: true });
  return dir;
}
