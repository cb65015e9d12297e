import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';

// A list's 'Export CSV' as the browser downloads it, read by a real CSV parser
// (docs/conventions.md#test-kits).

/**
 * Clicks `button` (a list's 'Export CSV'), waits for the download and for the button to read
 * 'Export CSV' again, checks the file starts with a byte-order mark (Excel reads it as UTF-8), and
 * answers its rows as csv-parse reads them, the header first.
 */
export async function exportCsv(page: Page, button: Locator): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await button.click();
  // 'Exporting...' may already be over when the file is small (the web test holds it on screen).
  const file = await (await download).path();
  await expect(button).toHaveText('Export CSV');
  const text = await readFile(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parse(text, { bom: true }) as string[][];
}
