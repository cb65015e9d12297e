import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { saveScreen, signInThroughApi, toast } from '../support/session.ts';

// docs/screens/reconciliations.md, end to end on the demo data (SEED_DEMO=true): the demo's
// stock statement is downloaded from the screen, uploaded, read with the wrong date order (every
// row refused, by line), then previewed with day/month/year: two mismatches of each kind. The
// report is saved, one finding resolved; axe scans the screen, the preview and both dialogs.

const KINDS = [
  'Missing at the warehouse',
  'Unknown to us',
  'Location differs',
  'Gauge differs',
] as const;

test("the demo statement's mismatches are found, the report saved and one finding resolved", async ({
  page,
}) => {
  await signInThroughApi(page, mainAdmin);
  await page.getByRole('navigation').getByRole('link', { name: 'Reconcile', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconcile' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Saved reports' })).toBeVisible();
  await expectNoAxeViolations(page, 'Reconcile');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the demo statement' }).click();
  const statement = await download;
  const bytes = readFileSync(await statement.path());
  // The demo's warehouse holding the most numbered casks, as the toast names it.
  const named = page.getByRole('status').filter({ hasText: /Demo statement of .+ downloaded/ });
  const warehouse = /Demo statement of (.+) downloaded/.exec(
    (await named.textContent()) ?? '',
  )?.[1];
  expect(warehouse).toBeTruthy();
  expect(statement.suggestedFilename()).toMatch(/^stock-statement-[a-z0-9-]+\.csv$/);

  const choice = page.getByLabel('Warehouse');
  const option = choice.locator('option', { hasText: warehouse ?? '' });
  await choice.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByLabel('Stock statement (CSV)').setInputFiles({
    name: statement.suggestedFilename(),
    mimeType: 'text/csv',
    buffer: bytes,
  });
  // Dates read as ISO: the statement writes day/month/year, so each row is named by its line.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const refused = page.getByRole('region', { name: /^Rows that cannot be read/ });
  await expect(refused).toContainText("Line 2: Fill date '");
  await expect(page.getByRole('button', { name: 'Save report' })).toHaveCount(0);

  await page.getByLabel('Dates in the statement').selectOption('dmy');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  for (const kind of KINDS) {
    await expect(preview.getByRole('heading', { name: `${kind} (2)` })).toBeVisible();
    await expect(preview.getByRole('table', { name: kind }).locator('tbody tr')).toHaveCount(2);
  }
  await expect(preview.getByRole('heading', { name: /^Matched \(\d+\)$/ })).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Unknown to us' })).toContainText('X-9001');
  await expectNoAxeViolations(page, 'Reconcile: a preview');

  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(toast(page, 'Report saved')).toBeVisible();
  await expect(page).toHaveURL(/\/reconciliations\?report=[0-9a-f-]{36}$/);
  const location = page.getByRole('table', { name: 'Location differs' });
  await expect(location.getByText('Open', { exact: true })).toHaveCount(2);

  // Mark a missing cask for investigation: the dialog is scanned, a note is required.
  await page
    .getByRole('table', { name: 'Missing at the warehouse' })
    .getByRole('button', { name: /^Investigate/ })
    .first()
    .click();
  const investigate = page.getByRole('dialog', { name: 'Mark for investigation' });
  await expect(investigate).toBeVisible();
  await expectNoAxeViolations(page, 'Mark for investigation');
  await investigate.getByRole('button', { name: 'Mark for investigation' }).click();
  await expect(investigate.getByText('Write what is to be investigated')).toBeVisible();
  await investigate.getByRole('button', { name: 'Cancel' }).click();

  // Accept the warehouse's location of one cask.
  await location
    .getByRole('button', { name: /^Accept location/ })
    .first()
    .click();
  const accept = page.getByRole('dialog', { name: "Accept the warehouse's location" });
  await expect(accept).toBeVisible();
  await expectNoAxeViolations(page, "Accept the warehouse's location");
  await accept.getByRole('button', { name: "Accept the warehouse's location" }).click();
  await expect(toast(page, 'Finding resolved')).toBeVisible();
  await expect(accept).toBeHidden();
  await expect(location).toContainText("Warehouse's location accepted");
  await expect(location.getByText('Open', { exact: true })).toHaveCount(1);
  await saveScreen(page, 'reconciliation-report');

  // The dashboard counts the casks missing in the latest statement.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('link', { name: /Missing at warehouses/ })).toContainText('2');
});
