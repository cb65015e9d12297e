import { mainAdmin } from '../support/admins.ts';
import {
  SENT_FOR_APPROVAL_DIALOG,
  balanceOf,
  onServerOfItsOwn,
  ownerAndTwoAdmins,
  passStepUpIfAsked,
  requireApprovalOfPointsAbove,
} from '../support/approvals.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { bearer, toast } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 45 (docs/screens/approvals.md): maker-checker on a server of its own, so the Approvals
 * policy it turns on never reaches another spec's manual points, and its step-up window is short
 * enough to outwait (as security.spec.ts's, decision 392).
 */
const STEP_UP_WINDOW_SECONDS = 30;

test('an Admin asks for 5,000 points, a second Admin approves after step-up, the balance moves once, the log links the three entries; a stale request becomes Outdated; axe finds nothing', async ({
  browser,
}) => {
  test.setTimeout(STEP_UP_WINDOW_SECONDS * 1000 + 240_000);
  await onServerOfItsOwn({ stepUpWindowSeconds: STEP_UP_WINDOW_SECONDS }, async (baseURL) => {
    const stamp = Date.now();
    const requester = {
      name: 'Rhona Requester',
      email: `rhona.${stamp}@example.com`,
      password: 'Rhona-Asks-Twice-1',
    };
    const approver = {
      name: 'Angus Approver',
      email: `angus.${stamp}@example.com`,
      password: 'Angus-Checks-All-2',
    };
    const { owner, asking, checking } = await ownerAndTwoAdmins(browser, baseURL, {
      requester,
      approver,
    });

    // The Owner turns 'Manual points above' on at 1,000 points (Settings -> 'Approvals'), the
    // screen scanned at both widths first.
    await requireApprovalOfPointsAbove(owner, 1000, async () => {
      for (const width of [375, 1280]) {
        await owner.setViewportSize({ width, height: width > 400 ? 800 : 812 });
        await expectNoAxeViolations(owner, `Settings -> Approvals at ${width} px`);
      }
    });

    // The requester adjusts the Reward List's first customer by 5,000 points, with a reason.
    await asking.goto('/user');
    const rewards = asking.getByRole('table', { name: 'Reward List' });
    const first = rewards.locator('tbody tr').first();
    await expect(first.getByRole('button', { name: 'Adjust Points' })).toBeVisible();
    const email = (await first.getByRole('cell').nth(1).innerText()).trim();
    const name = (await first.getByRole('cell').first().innerText()).trim();
    const before = await balanceOf(asking, email);
    await first.getByRole('button', { name: 'Adjust Points' }).click();
    const adjust = asking.getByRole('dialog', { name: /^Manual Point Adjustment - / });
    await adjust.getByLabel('Points', { exact: true }).fill('5000');
    await adjust.getByRole('textbox', { name: 'Reason' }).fill('Whisky festival prize');
    await adjust.getByRole('button', { name: 'Save Changes' }).click();
    await passStepUpIfAsked(
      asking,
      requester.password,
      adjust.getByRole('status').filter({ hasText: SENT_FOR_APPROVAL_DIALOG }),
    );
    await adjust.getByRole('button', { name: 'OK' }).click();
    expect(await balanceOf(asking, email)).toBe(before);

    // The requester sees their request, and no Approve on it.
    await asking.goto('/approvals');
    const mine = asking.getByRole('table', { name: 'Approvals' }).getByRole('row', {
      name: /\+5000 points/,
    });
    await expect(mine.getByText('Pending')).toBeVisible();
    await mine.getByRole('button').first().click();
    const own = asking.getByRole('dialog', { name: /^Manual points - / });
    await expect(own.getByText('Whisky festival prize')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Reject' })).toHaveCount(0);

    // The approver's sign-in is outwaited, so approving asks for the password (an empty manual
    // adjustment answers 400 within the window, 403 past it, and changes nothing).
    await expect
      .poll(
        async () =>
          (
            await checking.request.post('/api/referrals/admin/manual-points', {
              headers: await bearer(checking),
              data: {},
            })
          ).status(),
        { timeout: STEP_UP_WINDOW_SECONDS * 1000 + 30_000, intervals: [1_000] },
      )
      .toBe(403);
    await checking.goto('/approvals');
    await expect(checking.getByRole('link', { name: 'Approvals, 1 pending' })).toBeVisible();
    const request = checking
      .getByRole('table', { name: 'Approvals' })
      .getByRole('row', { name: /\+5000 points/ });
    await expect(request.getByText('Pending')).toBeVisible();
    for (const width of [375, 1280]) {
      await checking.setViewportSize({ width, height: width > 400 ? 800 : 812 });
      await expectNoAxeViolations(checking, `Approvals at ${width} px`);
    }
    await request.getByRole('button').first().click();
    const decide = checking.getByRole('dialog', { name: /^Manual points - / });
    await expect(decide.getByText('Whisky festival prize')).toBeVisible();
    await expectNoAxeViolations(checking, 'an approval request');
    await decide.getByRole('button', { name: 'Approve' }).click();
    const stepUp = checking.getByRole('dialog', { name: 'Confirm your password' });
    await stepUp.getByLabel('Password', { exact: true }).fill(approver.password);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(checking, 'Approved')).toBeVisible();
    await expect(request.getByText('Approved')).toBeVisible();

    // The balance moved once, by the 5,000 points asked.
    expect(await balanceOf(checking, email)).toBe(before + 5000);
    await checking.reload();
    await expect(checking.getByRole('table', { name: 'Approvals' })).toBeVisible();
    expect(await balanceOf(checking, email)).toBe(before + 5000);

    // The Audit Log links the three entries on the customer: the request, the decision, and the
    // points themselves, as the requester's change approved by the approver.
    await owner.goto('/audit');
    await owner.getByRole('searchbox', { name: 'Search by record id or name' }).fill(name);
    const log = owner.getByRole('table').filter({ hasText: 'Sent for approval' });
    await expect(log.getByRole('row', { name: /Sent for approval/ })).toHaveCount(1);
    await expect(log.getByRole('row', { name: /Approved/ }).first()).toBeVisible();
    const points = log.getByRole('row', { name: /Points adjusted/ }).first();
    await expect(points).toContainText(`Approved by ${approver.name}`);
    await expect(points).toContainText(requester.name);

    // A second request goes stale: the Owner moves the same customer's balance by 10 points (under
    // the threshold, so at once) before it is decided; approving it then runs nothing: Outdated.
    await asking.goto('/user');
    const again = asking.getByRole('table', { name: 'Reward List' }).locator('tbody tr').first();
    await again.getByRole('button', { name: 'Adjust Points' }).click();
    const second = asking.getByRole('dialog', { name: /^Manual Point Adjustment - / });
    await second.getByLabel('Points', { exact: true }).fill('6000');
    await second.getByRole('textbox', { name: 'Reason' }).fill('Second prize');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await passStepUpIfAsked(
      asking,
      requester.password,
      second.getByRole('status').filter({ hasText: SENT_FOR_APPROVAL_DIALOG }),
    );
    await second.getByRole('button', { name: 'OK' }).click();

    await owner.goto('/user');
    const ownerRow = owner.getByRole('table', { name: 'Reward List' }).locator('tbody tr').first();
    await ownerRow.getByRole('button', { name: 'Adjust Points' }).click();
    const small = owner.getByRole('dialog', { name: /^Manual Point Adjustment - / });
    await small.getByLabel('Points', { exact: true }).fill('10');
    await small.getByRole('button', { name: 'Save Changes' }).click();
    await passStepUpIfAsked(
      owner,
      mainAdmin.password,
      toast(owner, 'Points updated successfully ✅'),
    );
    expect(await balanceOf(owner, email)).toBe(before + 5010);

    await checking.goto('/approvals');
    const stale = checking
      .getByRole('table', { name: 'Approvals' })
      .getByRole('row', { name: /\+6000 points/ });
    await stale.getByRole('button').first().click();
    const late = checking.getByRole('dialog', { name: /^Manual points - / });
    await late.getByRole('button', { name: 'Approve' }).click();
    await passStepUpIfAsked(
      checking,
      approver.password,
      late.getByRole('alert').filter({ hasText: 'is now Outdated' }),
    );
    await checking.keyboard.press('Escape');
    await expect(stale.getByText('Outdated')).toBeVisible();
    expect(await balanceOf(checking, email)).toBe(before + 5010);

    for (const page of [owner, asking, checking]) await page.context().close();
  });
});
