import { expect, test } from '../support/test.ts';
import { mainAdmin } from '../support/admins.ts';
import { expectPath, signInThroughApi } from '../support/session.ts';

// docs/screens/route-guards.md: the route table's guarded area and guest-only area.
const guardedRoutes = [
  '/',
  '/user',
  '/cask',
  '/offers',
  '/orders',
  '/referrals',
  '/notifications',
  '/setting',
  '/setting/profile',
  '/setting/privacy',
];
const guestRoutes = ['/signin', '/forgot_password', '/otp', '/reset_password'];

test('a visitor without a session who opens /user lands on /signin', async ({ page }) => {
  await page.goto('/user');
  await expectPath(page, '/signin');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('every guarded route sends a visitor without a session to /signin', async ({ page }) => {
  for (const route of guardedRoutes) {
    await page.goto(route);
    await expectPath(page, '/signin');
  }
});

test('a signed-in admin who opens /signin lands on the dashboard', async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
  await page.goto('/signin');
  await expectPath(page, '/');
  await expect(page.getByText(`Welcome, ${mainAdmin.name}`)).toBeVisible();
});

test('every guest-only route sends a signed-in admin to /', async ({ page }) => {
  await signInThroughApi(page, mainAdmin);
  for (const route of guestRoutes) {
    await page.goto(route);
    await expectPath(page, '/');
  }
});
