import { mainAdmin } from '../support/admins.ts';
import { customerOnFirstPage } from '../support/api.ts';
import {
  SENT_FOR_APPROVAL_DIALOG,
  balanceOf,
  onServerOfItsOwn,
  ownerAndTwoAdmins,
  passStepUpIfAsked,
  requireApprovalOfPointsAbove,
} from '../support/approvals.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { detailValue } from '../support/details.ts';
import {
  PHONE,
  expectNoSidewaysScroll,
  expectThumbSized,
  findRewardRowOnPhone,
  openFromMenu,
} from '../support/phone.ts';
import { bodyRows, searchBox, table } from '../support/queries.ts';
import { bearer, saveScreen, signInThroughApi, toast } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 47, made for a thumb (docs/decisions/441): the three tasks an admin does from a phone,
 * at 375 x 812, with nothing wider than the screen at any step (neither the page nor <main>,
 * the app's scroll container: the document scrolls, <main> grows with it) and the controls
 * pressed at least 44 px.
 */

test.use({ viewport: PHONE });

test('find a customer by e-mail and adjust points, at 375 px, without sideways scroll', async ({
  page,
}) => {
  await signInThroughApi(page, mainAdmin);
  await expectNoSidewaysScroll(page, 'the dashboard');
  const customer = await customerOnFirstPage(page, 3);
  const before = await balanceOf(page, customer.email);

  const row = await findRewardRowOnPhone(page, customer.email);
  await saveScreen(page, 'phone-users');
  await expectNoAxeViolations(page, 'User Management at 375 px');
  await row.getByRole('button', { name: 'Adjust Points' }).click();

  const dialog = page.getByRole('dialog', {
    name: `Manual Point Adjustment - ${customer.fullName}`,
  });
  const points = dialog.getByLabel('Points', { exact: true });
  await expectThumbSized(points);
  await points.fill('25');
  await dialog.getByLabel('Description').fill('Tasting-night raffle');
  // The footer stays on screen while the body scrolls: Save is in reach with a field focused.
  const save = dialog.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeInViewport();
  await expectThumbSized(save);
  await expectThumbSized(dialog.getByRole('button', { name: 'Cancel' }));
  await expectNoSidewaysScroll(page, 'the manual points dialog');
  await saveScreen(page, 'phone-points');
  await expectNoAxeViolations(page, 'the manual points dialog at 375 px');
  await save.click();

  await expect(toast(page, 'Points updated successfully ✅')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await balanceOf(page, customer.email)).toBe(before + 25);
  await expectNoSidewaysScroll(page, 'the points saved');
});

test('record a regauge on the cask page, at 375 px, without sideways scroll', async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
  // A cask of its own, added through the API and deleted at the end, so no other spec sees it.
  const owner = await customerOnFirstPage(page, 0);
  const name = `Phone gauged ${Date.now()}`;
  const added = await page.request.post('/api/casks', {
    headers: await bearer(page),
    multipart: {
      name,
      distillery: 'Springbank',
      year: '2012',
      volume: '500L',
      abv: '57.1%',
      status: 'Maturing',
      owner: owner.id,
    },
  });
  expect(added.ok()).toBe(true);
  const { id } = (await added.json()).data.cask as { id: string };

  await openFromMenu(page, 'Cask', 'Cask List');
  await searchBox(page, 'Search casks').fill(name);
  const row = bodyRows(table(page, 'Cask List')).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'the Cask List');
  await expectThumbSized(row.getByRole('button', { name: 'Edit' }));
  await saveScreen(page, 'phone-casks');
  await expectNoAxeViolations(page, 'the Cask List at 375 px');
  await row.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the cask page');
  const record = page.getByRole('button', { name: 'Record Regauge' });
  await expectThumbSized(record);
  await record.click();

  const regauge = page.getByRole('dialog', { name: 'Record Regauge' });
  await regauge.getByLabel('Bulk litres').fill('488.2');
  await regauge.getByLabel('ABV (%)').fill('56.4');
  const save = regauge.getByRole('button', { name: 'Record Regauge' });
  await expect(save).toBeInViewport();
  await expectThumbSized(save);
  await expectNoSidewaysScroll(page, 'the regauge dialog');
  await saveScreen(page, 'phone-regauge');
  await expectNoAxeViolations(page, 'the regauge dialog at 375 px');
  await save.click();

  await expect(toast(page, 'Regauge recorded successfully!')).toBeVisible();
  const details = page.locator('dl').filter({ has: page.getByText('Filled at', { exact: true }) });
  await expect(detailValue(details, 'Volume')).toContainText('488.2L (gauged ');
  await expect(detailValue(details, 'ABV')).toContainText('56.4% (gauged ');
  await expectNoSidewaysScroll(page, 'the regauge recorded');
  await saveScreen(page, 'phone-cask');
  await expectNoAxeViolations(page, 'the cask page at 375 px');

  expect(
    (await page.request.delete(`/api/casks/${id}`, { headers: await bearer(page) })).ok(),
  ).toBe(true);
});

test("approve a second admin's points request on /approvals, at 375 px, without sideways scroll", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A server of its own: the Approvals policy turned on here reaches no other spec.
  await onServerOfItsOwn({}, async (baseURL) => {
    const stamp = Date.now();
    const requester = {
      name: 'Fiona Fieldwork',
      email: `fiona.${stamp}@example.com`,
      password: 'Fiona-In-The-Bond-1',
    };
    const approver = {
      name: 'Hamish Handheld',
      email: `hamish.${stamp}@example.com`,
      password: 'Hamish-At-Tasting-2',
    };
    const { owner, asking, checking } = await ownerAndTwoAdmins(
      browser,
      baseURL,
      { requester, approver },
      PHONE,
    );

    // The Owner requires approval of manual points above 1,000 (Settings -> 'Approvals').
    await requireApprovalOfPointsAbove(owner, 1000);
    await expectNoSidewaysScroll(owner, 'the Approvals policy');

    // The requester asks for 5,000 points for a customer found by e-mail.
    const customer = await customerOnFirstPage(asking, 1);
    const before = await balanceOf(asking, customer.email);
    const row = await findRewardRowOnPhone(asking, customer.email);
    await row.getByRole('button', { name: 'Adjust Points' }).click();
    const adjust = asking.getByRole('dialog', { name: /^Manual Point Adjustment - / });
    await adjust.getByLabel('Points', { exact: true }).fill('5000');
    await adjust.getByRole('textbox', { name: 'Reason' }).fill('Warehouse visit prize');
    await expectNoSidewaysScroll(asking, 'the manual points dialog with a reason');
    await adjust.getByRole('button', { name: 'Save Changes' }).click();
    await passStepUpIfAsked(
      asking,
      requester.password,
      adjust.getByRole('status').filter({ hasText: SENT_FOR_APPROVAL_DIALOG }),
    );
    await adjust.getByRole('button', { name: 'OK' }).click();

    // The approver opens it from the menu, approves it, and the balance moves.
    await checking.goto('/');
    await openFromMenu(checking, 'Approvals, 1 pending', 'Approvals');
    const request = bodyRows(table(checking, 'Approvals')).filter({ hasText: '+5000 points' });
    await expect(request.getByText('Pending')).toBeVisible();
    await expectNoSidewaysScroll(checking, 'the Approvals list');
    await saveScreen(checking, 'phone-approvals');
    await expectNoAxeViolations(checking, 'Approvals at 375 px');
    const open = request.getByRole('button').first();
    await expectThumbSized(open);
    await open.click();

    const decide = checking.getByRole('dialog', { name: /^Manual points - / });
    await expect(decide.getByText('Warehouse visit prize')).toBeVisible();
    const approve = decide.getByRole('button', { name: 'Approve' });
    await expect(approve).toBeInViewport();
    await expectThumbSized(approve);
    await expectNoSidewaysScroll(checking, 'the approval request');
    await saveScreen(checking, 'phone-approval-request');
    await expectNoAxeViolations(checking, 'an approval request at 375 px');
    await approve.click();
    await passStepUpIfAsked(checking, approver.password, toast(checking, 'Approved'));
    await expect(request.getByText('Approved')).toBeVisible();
    await expectNoSidewaysScroll(checking, 'the request approved');
    expect(await balanceOf(checking, customer.email)).toBe(before + 5000);

    for (const page of [owner, asking, checking]) await page.context().close();
  });
});
