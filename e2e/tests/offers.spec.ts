import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { bearer, signInThroughApi, toast } from '../support/session.ts';
import { withoutSaveTime } from '../support/api.ts';
import { pngFile } from '../support/images.ts';
import { addOffer, fillTypeFields } from '../support/offers.ts';
import { bodyRows, cardValue, count, searchBox, table } from '../support/queries.ts';

// docs/screens/offers.md, end to end on the demo data (SEED_DEMO=true): an offer of each type is
// added with a banner and three sliding images, found by search and type, edited (an image
// removed, one added, the type changed) and deleted. Other specs may add offers too, so the
// cards are read, never assumed.

const marker = `e2e${Date.now().toString(36)}`;

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
  await page.getByRole('navigation').getByRole('link', { name: 'Offers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
  await expect(
    bodyRows(table(page, 'Offers')).first().getByRole('button', { name: 'Edit' }),
  ).toBeVisible();
});

test('an offer of each type is added with images, found by search and type, edited and deleted', async ({
  page,
}) => {
  // Three saves with images, an edit and three deletions: a long story on a busy machine.
  test.setTimeout(120_000);
  const totalBefore = count(await cardValue(page, 'Total Offers').textContent());
  const titles = {
    cask: `${marker} cask`,
    bottle: `${marker} bottle`,
    experience: `${marker} experience`,
  };
  const cask = await addOffer(page, 'cask', titles.cask);
  expect(cask.images).toHaveLength(3);
  await addOffer(page, 'bottle', titles.bottle);
  await addOffer(page, 'experience', titles.experience);
  // The list and the cards follow without a reload.
  await expect(cardValue(page, 'Total Offers')).toHaveText(
    String(totalBefore + 3).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  );

  await searchBox(page, 'Search offers').fill(marker);
  // The debounced search has gone out once the first page shows only matching rows.
  await expect(bodyRows(table(page, 'Offers')).first()).toContainText(marker);
  await expect(bodyRows(table(page, 'Offers'))).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Bottle');
  await expect(bodyRows(table(page, 'Offers'))).toHaveCount(1);
  await expect(bodyRows(table(page, 'Offers')).first()).toContainText(titles.bottle);
  await expect(bodyRows(table(page, 'Offers')).first()).toContainText('Bottle');
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('All');
  await expect(bodyRows(table(page, 'Offers'))).toHaveCount(3);

  // Edit the cask: one sliding image out, one in, and it becomes an experience.
  const caskRow = bodyRows(table(page, 'Offers')).filter({ hasText: titles.cask });
  await caskRow.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Offer' });
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(titles.cask);
  await expect(dialog.getByText('Current banner')).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^Sliding image/ })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Remove sliding image 1' }).click();
  await dialog.getByLabel('Sliding Images').setInputFiles(pngFile('four.png'));
  await expect(dialog.getByRole('img', { name: /^Sliding image/ })).toHaveCount(3);
  await dialog.getByLabel(/^Type/).selectOption('experience');
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(titles.cask);
  await expect(dialog.getByLabel(/^Duration/)).toHaveValue('');
  await fillTypeFields(dialog, 'experience');
  await dialog.getByLabel(/^Title/).fill(`${titles.cask} tour`);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/offers/') && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Update' }).click();
  const answer = await (await saved).json();
  expect(answer.data.offer.images).toHaveLength(3);
  expect(answer.data.offer.type).toBe('experience');
  await expect(toast(page, 'Offer updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const edited = bodyRows(table(page, 'Offers')).filter({ hasText: `${titles.cask} tour` });
  await expect(edited).toContainText('Experience');
  // The removed image is gone from storage; the kept ones are still served.
  expect(answer.data.offer.images).not.toContain(cask.images[0]);
  expect((await page.request.get(cask.images[0] ?? '')).status()).toBe(404);
  expect((await page.request.get(cask.images[1] ?? '')).status()).toBe(200);
  expect((await page.request.get(cask.image)).status()).toBe(200);

  // Issue 31 (decision 273): a delete retires the offer, and 'Undo' in its toast brings it back
  // as it was, checked through the API; then all three are deleted for good.
  const tour = `${titles.cask} tour`;
  const headers = await bearer(page);
  const beforeDelete = (
    await (await page.request.get(`/api/offers/${cask.id}`, { headers })).json()
  ).data.offer as Record<string, unknown>;
  await bodyRows(table(page, 'Offers'))
    .filter({ hasText: tour })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Confirm Delete' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(bodyRows(table(page, 'Offers')).filter({ hasText: tour })).toHaveCount(0);
  expect((await page.request.get(`/api/offers/${cask.id}`, { headers })).status()).toBe(404);
  await toast(page, 'Offer deleted successfully')
    .last()
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(toast(page, `Undone: offer ${tour} is back.`)).toBeVisible();
  await expect(bodyRows(table(page, 'Offers')).filter({ hasText: tour })).toHaveCount(1);
  const back = await page.request.get(`/api/offers/${cask.id}`, { headers });
  expect(back.status()).toBe(200);
  const restored = (await back.json()).data.offer as Record<string, unknown>;
  expect(withoutSaveTime(restored)).toEqual(withoutSaveTime(beforeDelete));
  for (const url of [restored.image as string, ...(restored.images as string[])]) {
    expect((await page.request.get(url)).status()).toBe(200);
  }

  for (const title of [tour, titles.bottle, titles.experience]) {
    await bodyRows(table(page, 'Offers'))
      .filter({ hasText: title })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await expect(confirm.getByText(`Are you sure you want to delete ${title}?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm).toBeHidden();
    await expect(bodyRows(table(page, 'Offers')).filter({ hasText: title })).toHaveCount(0);
  }
  await expect(page.getByText('No offers found')).toBeVisible();
  await searchBox(page, 'Search offers').fill('');
  await expect(cardValue(page, 'Total Offers')).toHaveText(
    String(totalBefore).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  );
});
