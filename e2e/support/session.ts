import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AdminCredentials } from './admins.ts';
import { screensDir } from './paths.ts';

/** A react-hot-toast message (role status) containing `text`. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Waits until the browser shows `pathname` (the spec's routes, without query or hash). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** Fills and sends the sign-in form the page shows; resolves to the login call's answer. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  // exact: the show/hide toggle is an icon button named 'Show password'.
  await page.getByLabel('Password', { exact: true }).fill(password);
  const response = page.waitForResponse(
    (candidate) =>
      new URL(candidate.url()).pathname === '/api/auth/login' &&
      candidate.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return response;
}

/** Signs in through the sign-in screen and waits for the shell's greeting. */
export async function signIn(page: Page, admin: AdminCredentials): Promise<void> {
  await test.step(`sign in as ${admin.email}`, async () => {
    if (new URL(page.url()).pathname !== '/signin') await page.goto('/signin');
    await submitSignIn(page, admin.email, admin.password);
    await expectPath(page, '/');
    await expect(page.getByText(`Welcome, ${admin.name}`)).toBeVisible();
  });
}

/** Days from now, as a cookie's expiry (seconds since the epoch). */
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

/**
 * Signs `admin` in through the API (`POST /api/auth/login`, the call the sign-in screen makes),
 * stores the token pair in the three cookies the web app's `startSession` writes (same names,
 * path /, SameSite strict, 30 and 365 days: docs/screens/common.md#session) and opens the
 * dashboard: the state `signIn` leaves, a session of its own, without loading and filling the
 * sign-in screen. For tests whose subject is not signing in; the sign-in, recovery, two-factor
 * and passkey tests sign in on the screen (docs/decisions/457).
 */
export async function signInThroughApi(page: Page, admin: AdminCredentials): Promise<void> {
  await test.step(`sign in through the API as ${admin.email}`, async () => {
    const response = await page.request.post('/api/auth/login', {
      data: { email: admin.email, password: admin.password },
    });
    expect(response.status(), `${admin.email} signs in`).toBe(200);
    const { accessToken, refreshToken } = ((await response.json()) as { data: TokenPair }).data;
    if (!accessToken || !refreshToken) throw new Error(`${admin.email}: no token pair`);
    const url = new URL(response.url()).origin;
    const cookie = (name: string, value: string, days: number) =>
      ({ name, value, url, sameSite: 'Strict', expires: inDays(days) }) as const;
    await page
      .context()
      .addCookies([
        cookie('accessToken', accessToken, 30),
        cookie('refreshToken', refreshToken, 365),
        cookie('isAuthenticated', 'true', 365),
      ]);
    await page.goto('/');
    await expectPath(page, '/');
    await expect(page.getByText(`Welcome, ${admin.name}`)).toBeVisible();
  });
}

interface TokenPair {
  accessToken?: string;
  refreshToken?: string;
}

/**
 * The Authorization header of the admin signed in on `page`, for set-up through the API
 * (`page.request`): the web app keeps its access token in a cookie.
 */
export async function bearer(page: Page): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await accessToken(page)}` };
}

/** The access token of the admin signed in on `page` (the web app keeps it in a cookie). */
export async function accessToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies(page.url());
  const token = cookies.find((cookie) => cookie.name === 'accessToken')?.value;
  if (!token) throw new Error(`No access token: nobody is signed in at ${page.url()}`);
  return decodeURIComponent(token);
}

/**
 * Submits credentials that must be refused; checks that the toast shows the server's own
 * message (docs/screens/sign-in.md#texts) and that the browser stays signed out. Returns that
 * message.
 */
export async function signInFails(page: Page, email: string, password: string): Promise<string> {
  if (new URL(page.url()).pathname !== '/signin') await page.goto('/signin');
  const response = await submitSignIn(page, email, password);
  expect(response.ok(), 'the API refuses the credentials').toBe(false);
  const body: unknown = await response.json();
  const message =
    typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
  expect(message, 'the API explains the refusal').not.toBe('');
  await expect(toast(page, message)).toBeVisible();
  await expectPath(page, '/signin');
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain('accessToken');
  return message;
}

/**
 * With E2E_SCREENS=1, saves a screenshot to e2e/.tmp/screens/ for a human to look at (not
 * compared). Off by default: a full-page PNG of every screen and dialog costs CI minutes.
 */
export async function saveScreen(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENS !== '1') return;
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/** Runs `body` at the 375 px width the spec's accessibility bar asks for, then restores. */
export async function atPhoneWidth(page: Page, body: () => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    await body();
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
