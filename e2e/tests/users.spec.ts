import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { detailValue } from '../support/details.ts';
import { atPhoneWidth, saveScreen, signInThroughApi, toast } from '../support/session.ts';
import {
  bodyRows,
  cell,
  count,
  pagination,
  searchBox,
  table,
  totalLine,
} from '../support/queries.ts';
import { openFromSidebar } from '../support/screens.ts';

// docs/screens/dashboard.md, users.md and rewards.md: Dashboard, User Management and Reward List,
// end to end on the demo customers (SEED_DEMO=true). Other specs may change customers too, so
// numbers are read, never assumed. The customer deleted here is the oldest one (the last row of the
// last page): the notifications spec picks the newest.

/** The text of one cell of a row, by its column position. */

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
});

test('the dashboard shows the four totals and the recent users, and edits a status', async ({
  page,
}) => {
  for (const title of ['Total Users', 'Total Casks', 'Active Offers', 'Total Value']) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/^\$[\d,.]+k$/)).toBeVisible();
  const table = page.getByRole('table', { name: /^Recent Users \(\d+\)$/ });
  await expect(bodyRows(table)).toHaveCount(10);
  await expect(page.getByText(/^Showing 10 of [\d]+ users$/)).toBeVisible();

  const row = bodyRows(table).nth(1);
  const name = await cell(row, 0);
  const before = await cell(row, 3);
  const after = before === 'Active' ? 'Inactive' : 'Active';
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(detailValue(dialog, 'Name')).toHaveText(name);
  await dialog.getByLabel('Status').selectOption(after);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(table).filter({ hasText: name })).toContainText(after);

  // Put it back, so the demo customer is as other specs expect it.
  await bodyRows(table).filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Status').selectOption(before);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(bodyRows(table).filter({ hasText: name })).toContainText(before);
  await saveScreen(page, 'dashboard-1280');
  await atPhoneWidth(page, async () => {
    await saveScreen(page, 'dashboard-375');
  });
});

test('an admin deactivates a customer and the table still says so after a reload', async ({
  page,
}) => {
  await openFromSidebar(page, 'User', 'User Management');
  await expect(bodyRows(table(page, 'Users'))).toHaveCount(6);
  const row = bodyRows(table(page, 'Users')).nth(2);
  const name = await cell(row, 1);
  const email = await cell(row, 2);
  const before = await cell(row, 4);
  const after = before === 'Active' ? 'Inactive' : 'Active';

  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit User - ${name}` });
  await expect(detailValue(dialog, 'Email')).toHaveText(email);
  await expect(detailValue(dialog, 'User ID')).toHaveText(/^[0-9a-f-]{36}$/);
  await atPhoneWidth(page, async () => {
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await saveScreen(page, 'users-edit-375');
  });
  await dialog.getByLabel('Status').selectOption(after);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(table(page, 'Users')).filter({ hasText: email })).toContainText(after);

  await page.reload();
  await expect(bodyRows(table(page, 'Users')).filter({ hasText: email })).toContainText(after);
});

test('an admin deletes the oldest customer: gone from the list, the total drops by one', async ({
  page,
}) => {
  await openFromSidebar(page, 'User', 'User Management');
  await expect(bodyRows(table(page, 'Users'))).toHaveCount(6);
  const before = count(await totalLine(page).textContent());
  const lastPage = Math.ceil(before / 6);
  await pagination(page, 'Users pagination')
    .getByRole('button', { name: `Page ${lastPage}` })
    .click();
  await expect(
    pagination(page, 'Users pagination').getByRole('button', { name: `Page ${lastPage}` }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(pagination(page, 'Users pagination').getByText(`of ${before} users`)).toBeVisible();
  const row = bodyRows(table(page, 'Users')).last();
  const name = await cell(row, 1);
  const email = await cell(row, 2);

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete User Account' });
  await expect(
    dialog.getByText(`Are you sure you want to delete ${name}? This action cannot be undone.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(dialog).toBeHidden();
  await expect(totalLine(page)).toHaveText(`Total: ${(before - 1).toLocaleString('en-US')}`);
  await expect(table(page, 'Users').getByText(email)).toBeHidden();

  await searchBox(page, 'Search users').fill(email);
  await expect(page.getByText('No users found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  await expect(table(page, 'Reward List').getByText('No Data found')).toBeVisible();
});

test('searching narrows both lists and paging moves through the customers', async ({ page }) => {
  await openFromSidebar(page, 'User', 'User Management');
  await expect(bodyRows(table(page, 'Users'))).toHaveCount(6);
  const all = count(await totalLine(page).textContent());
  const firstPageNames = await bodyRows(table(page, 'Users'))
    .locator('td:nth-child(2)')
    .allTextContents();

  // Paging: page 2 shows six other customers; Previous comes back.
  await pagination(page, 'Users pagination').getByRole('button', { name: 'Next' }).click();
  await expect(
    pagination(page, 'Users pagination').getByRole('button', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(bodyRows(table(page, 'Users')).first()).not.toContainText(firstPageNames[0] ?? '');
  const secondPageNames = await bodyRows(table(page, 'Users'))
    .locator('td:nth-child(2)')
    .allTextContents();
  expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);
  await pagination(page, 'Users pagination').getByRole('button', { name: 'Previous' }).click();
  await expect(bodyRows(table(page, 'Users')).first()).toContainText(firstPageNames[0] ?? '');

  // Searching: a part of one customer's e-mail finds them, in both lists, from page 1.
  await pagination(page, 'Users pagination').getByRole('button', { name: 'Page 2' }).click();
  const email = await cell(bodyRows(table(page, 'Users')).first(), 1);
  const term = email.split('@')[0] ?? email;
  await searchBox(page, 'Search users').fill(term);
  await expect(totalLine(page)).not.toHaveText(`Total: ${all.toLocaleString('en-US')}`);
  await expect(table(page, 'Users').getByText(email)).toBeVisible();
  await expect(table(page, 'Reward List').getByText(email)).toBeVisible();
  for (const text of await bodyRows(table(page, 'Users')).allTextContents()) {
    expect(text.toLowerCase()).toContain(term.toLowerCase());
  }
  await expect(
    pagination(page, 'Users pagination').getByText(/^Showing \d of \d+ users$/),
  ).toBeVisible();

  await searchBox(page, 'Search users').fill('no-such-customer-anywhere');
  await expect(page.getByText('No users found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(totalLine(page)).toHaveText(`Total: ${all.toLocaleString('en-US')}`);
});

test('a manual point adjustment shows in the Point column and survives a reload', async ({
  page,
}) => {
  await openFromSidebar(page, 'User', 'User Management');
  await expect(bodyRows(table(page, 'Users'))).toHaveCount(6);
  const row = bodyRows(table(page, 'Reward List')).first();
  // The Reward List loads beside User Management: its first row is a placeholder until then.
  await expect(row.getByRole('button', { name: 'Adjust Points' })).toBeVisible();
  const name = await cell(row, 0);
  const email = await cell(row, 1);
  const before = count(await cell(row, 5));

  await row.getByRole('button', { name: 'Adjust Points' }).click();
  const dialog = page.getByRole('dialog', { name: `Manual Point Adjustment - ${name}` });
  await atPhoneWidth(page, async () => {
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await saveScreen(page, 'users-points-375');
  });
  // Zero is refused in the form, without a request.
  await dialog.getByLabel('Points').fill('0');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Points cannot be zero')).toBeVisible();

  await dialog.getByLabel('Points').fill('15');
  await dialog.getByLabel('Description').fill('Tasting evening host');
  await dialog.getByLabel('Admin Notes').fill('Agreed with the warehouse manager');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Points updated successfully ✅')).toBeVisible();
  await expect(dialog).toBeHidden();
  const updated = bodyRows(table(page, 'Reward List')).filter({ hasText: email });
  await expect(updated.getByRole('cell').nth(5)).toHaveText((before + 15).toLocaleString('en-US'));

  // Taking away more than the balance is refused by the server, which says why.
  await updated.getByRole('button', { name: 'Adjust Points' }).click();
  await dialog.getByLabel('Points').fill(String(-(before + 16)));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Insufficient points')).toBeVisible();
  await expect(dialog.getByText(/^Insufficient points/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.reload();
  await expect(
    bodyRows(table(page, 'Reward List')).filter({ hasText: email }).getByRole('cell').nth(5),
  ).toHaveText((before + 15).toLocaleString('en-US'));
  await saveScreen(page, 'users-1280');
  await atPhoneWidth(page, async () => {
    await saveScreen(page, 'users-375');
  });
});

test("an admin fixes a customer's e-mail on their page; another customer's is refused (issue 41)", async ({
  page,
}) => {
  await openFromSidebar(page, 'User', 'User Management');
  await expect(bodyRows(table(page, 'Users'))).toHaveCount(6);
  const other = await cell(bodyRows(table(page, 'Users')).nth(4), 2);
  const row = bodyRows(table(page, 'Users')).nth(3);
  const name = await cell(row, 1);
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Edit details' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit details - ${name}` });
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill(other.toUpperCase());
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Another user has this e-mail')).toBeVisible();

  const fixed = `fixed.${Date.now()}@example.com`;
  await email.fill(fixed);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(fixed)).toBeVisible();
  await page.reload();
  await expect(page.getByText(fixed)).toBeVisible();
});
