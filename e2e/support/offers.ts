import { expect, type Locator, type Page } from '@playwright/test';
import { pngFile } from './images.ts';
import { toast } from './session.ts';

// The Offers screen's forms (docs/screens/offers.md): an offer of each type added through the
// Add Offer modal, and the fields its type adds (docs/conventions.md#test-kits).

/** The fields each offer type adds to the form, with the values the specs give them. */
export const typeFields = {
  cask: { Distillery: 'Springbank', 'Cask Type': 'Sherry Hogshead', Vintage: '2012' },
  bottle: { Distillery: 'Lagavulin', Quantity: '12' },
  experience: { Duration: '1 day', Participants: '6' },
} as const;
export type OfferType = keyof typeof typeFields;

/** Fills the fields of offer type `type` in the Add or Edit Offer dialog. */
export async function fillTypeFields(dialog: Locator, type: OfferType) {
  for (const [label, value] of Object.entries(typeFields[type])) {
    await dialog.getByLabel(new RegExp(`^${label}`)).fill(value);
  }
}

/**
 * Adds an offer of `type` titled `title` through the Add Offer modal, with a banner and three
 * sliding images (the Offers screen is open); resolves with the offer as the API saved it.
 */
export async function addOffer(
  page: Page,
  type: OfferType,
  title: string,
): Promise<{ id: string; image: string; images: string[] }> {
  await page.getByRole('button', { name: 'Add Offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Offer' });
  await expect(dialog.getByLabel(/^Type/)).toHaveValue('cask');
  await dialog.getByLabel(/^Type/).selectOption(type);
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel('Description').fill(`A ${type} for the end-to-end test`);
  await fillTypeFields(dialog, type);
  await dialog.getByLabel('Purchase Value ($)').fill('900');
  await dialog.getByLabel(/^Current Value/).fill('1250.50');
  await dialog.getByLabel(/^Deadline/).fill('2031-06-30');
  await dialog.getByLabel('Banner Image').setInputFiles(pngFile('banner.png'));
  await expect(dialog.getByText('banner.png')).toBeVisible();
  await expect(dialog.getByText(/^\d+\.\d\d MB$/)).toBeVisible();
  await dialog
    .getByLabel('Sliding Images')
    .setInputFiles([pngFile('one.png'), pngFile('two.png'), pngFile('three.png')]);
  await expect(dialog.getByRole('img', { name: /^Sliding image/ })).toHaveCount(3);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/offers') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  // The previous add's toast may still show (the three adds follow each other): the newest one.
  await expect(toast(page, 'Offer added successfully').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  return (await answer.json()).data.offer;
}
