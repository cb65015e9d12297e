import { expect, type Locator, type Page } from '@playwright/test';

// The accessibility scan's tables (e2e/tests/accessibility.spec.ts): what a screen or a modal is
// to the scan, the small openers its lines are written with, and how a screen is visited
// (docs/conventions.md#test-kits).

export interface Screen {
  path: string;
  /** What shows once the screen has its data (a scan of a loading state proves little). */
  ready: (page: Page) => Locator;
  /** History state the recovery screens expect from the previous step (else they redirect). */
  state?: Record<string, string>;
  /** A page reached by a link from `path` (a cask's, a customer's): follows it. */
  follow?: (page: Page) => Promise<void>;
}

export interface Modal {
  label: string;
  path: string;
  open: (page: Page) => Promise<void>;
  /** The open modal (or the edit mode) to wait for. */
  shown: (page: Page) => Locator;
  /**
   * The widths it is scanned at: 1280 px unless it says otherwise (the menu drawer exists on
   * phones only). A dialog's markup is the same at both widths, and every screen under it is
   * scanned at both: one scan of each keeps CI's run under its 30 minutes (decision 289).
   */
  widths?: number[];
}

export const h1Named = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name });
export const dialogNamed = (name: string | RegExp) => (page: Page) =>
  page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
export const firstRowButton = (table: string | RegExp, button: string) => async (page: Page) => {
  await page
    .getByRole('table', { name: table })
    .getByRole('button', { name: button })
    .first()
    .click();
};
/** Ticks the first row's checkbox of a list with bulk actions (issue 31). */
export const chooseFirstRow = (table: string) => async (page: Page) => {
  await page
    .getByRole('table', { name: table })
    .locator('tbody')
    .getByRole('checkbox')
    .first()
    .check();
};
/** Ticks the first notification's checkbox (the list's items have one each, issue 31). */
export const chooseFirstNotification = async (page: Page) => {
  await page.getByRole('list', { name: 'Notifications' }).getByRole('checkbox').first().check();
};
export const clickRole = (role: 'button' | 'link', name: string | RegExp) => async (page: Page) => {
  await page.getByRole(role, { name }).first().click();
};
/** On a phone the sidebar sits in the menu drawer: open it first. */
export const clickInSidebar = (name: string) => async (page: Page) => {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name, exact: true }).click();
};

/** Opens `screen` and waits for its content; recovery screens get their history state first. */
export async function visit(page: Page, screen: Screen): Promise<void> {
  if (screen.state) {
    // From a screen that stays put: loading the recovery screen itself first redirects, and
    // that redirect can land after the history entry is replaced below.
    await page.goto('/signin');
    await expect(h1Named('Sign In')(page)).toBeVisible();
    // What navigate(path, { state }) leaves in history; React Router reads it on load.
    await page.evaluate(
      ({ path, state }) =>
        window.history.replaceState({ usr: state, key: 'axe', idx: 0 }, '', path),
      { path: screen.path, state: screen.state },
    );
    await page.reload();
  } else {
    await page.goto(screen.path);
  }
  if (screen.follow) {
    await screen.follow(page);
    await expect(screen.ready(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${screen.path}/[0-9a-f-]{36}$`));
    return;
  }
  await expect(screen.ready(page)).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname + url.search).toBe(screen.path);
}

export const slug = (text: string) =>
  text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

/** `items` in runs of `size`: each run is one test (one sign-in, a timeout of its own). */
export function inRuns<Item>(items: Item[], size: number): Item[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, run) =>
    items.slice(run * size, run * size + size),
  );
}
/** The first cask's page and the first customer's page (issue 30), from the lists' links. */
export const openFirstCask = async (page: Page) => {
  await page
    .getByRole('table', { name: 'Cask List' })
    .locator('tbody tr')
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Record Regauge' })).toBeVisible();
};
export const openFirstCustomer = async (page: Page) => {
  await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Send Notification' })).toBeVisible();
};
