import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';

/** docs/architecture.md#web-app: no violation of a WCAG 2.0, 2.1 or 2.2 rule at level A or AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The axe-core that @axe-core/playwright itself runs (its own pinned copy, so its rules), minified.
 * The scan below drives it directly (docs/decisions/457): AxeBuilder's default run copies the
 * 1.3 MB engine into the page and again into a blank page it opens for every scan, and sends
 * every passing node back; on CI's 2 cores that was most of a scan's 5 to 15 s.
 */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/** What AxeBuilder's run configures: the page's own frames only, the engine named as Playwright's. */
const axeConfiguration = {
  allowedOrigins: ['<same_origin>'],
  branding: { application: 'playwright' },
};

/** The rules of `wcagTags`; only violations are reported in full (the rest are not read). */
const runOptions = {
  runOnly: { type: 'tag', values: wcagTags },
  resultTypes: ['violations'],
};

/** The part of axe's results read here. */
interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}
interface AxeWindow {
  axe?: {
    configure(spec: unknown): void;
    run(context: unknown, options: unknown): Promise<{ violations: Violation[] }>;
  };
}

/**
 * Copies axe into each frame's document once (a new document after a navigation needs it again);
 * axe in the top frame then scans the same-origin frames through the copies in them.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const inject = async () => {
      if (await frame.evaluate(() => typeof (window as AxeWindow).axe === 'object')) return;
      await frame.evaluate(axeSource);
      await frame.evaluate((spec) => (window as AxeWindow).axe!.configure(spec), axeConfiguration);
    };
    // A child frame may go away meanwhile; the top frame's document must take it.
    if (frame === page.mainFrame()) await inject();
    else await inject().catch(() => undefined);
  }
}

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
  await test.step(`axe on ${label}`, async () => {
    // A list refetching behind its rows dims them and says so (its table aria-busy): scan the list
    // once it has settled, not at a moment that depends on the machine's speed. (A button may stay
    // busy on purpose, e.g. an invite waiting for its step-up dialog, which is what is scanned.)
    await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await animationsSettled(page);
    await injectAxe(page);
    // The whole document, as AxeBuilder's context without include or exclude.
    const { violations } = await page.evaluate(
      (options) => (window as AxeWindow).axe!.run({ include: [], exclude: [] }, options),
      runOptions,
    );
    const report = violations.flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} at ${node.target.join(' ')}`,
      ),
    );
    expect.soft(report, `axe on ${label}`).toEqual([]);
  });
}
