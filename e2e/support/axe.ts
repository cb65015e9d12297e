import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** docs/architecture.md#web-app: no violation of a WCAG 2.0, 2.1 or 2.2 rule at level A or AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until every finite animation has ended (a dialog fading in is measured half
 * transparent otherwise); spinners, which never end, are left running.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on the whole page as it is now and fails softly (the test goes on to the next screen)
 * with one line per violation: rule id, help text, and the CSS target of each element at fault.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A list refetching behind its rows dims them and says so (its table aria-busy): scan the list
  // once it has settled, not at a moment that depends on the machine's speed. (A button may stay
  // busy on purpose, e.g. an invite waiting for its step-up dialog, which is what is scanned.)
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} at ${node.target.join(' ')}`,
    ),
  );
  expect.soft(report, `axe on ${label}`).toEqual([]);
}
