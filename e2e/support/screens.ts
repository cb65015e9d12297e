import { expect, type Locator, type Page } from '@playwright/test';
import { bearer } from './session.ts';

// The screens the specs drive, found by role and accessible name as a user finds them: how to open
// one from the sidebar, and each shared screen's parts (docs/conventions.md#test-kits). A spec
// asks a screen for its parts here instead of declaring its own locators.

/** The sidebar's entry named `entry` ('Orders'), exactly. */
export function sidebarLink(page: Page, entry: string): Locator {
  return page.getByRole('navigation').getByRole('link', { name: entry, exact: true });
}

/** Opens a screen by its sidebar entry and waits for its title (the page's only h1). */
export async function openFromSidebar(
  page: Page,
  entry: string,
  title: string | RegExp,
): Promise<void> {
  await sidebarLink(page, entry).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The command palette (Ctrl+K): its dialog, its field and the option the keyboard is on. */
export function commandPalette(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Search everything' });
  return {
    dialog,
    field: dialog.getByRole('combobox'),
    highlighted: dialog.locator('[role="option"][aria-selected="true"]'),
  };
}

/** The Notifications screen and the header's bell (docs/screens/notifications.md). */
export function notificationsScreen(page: Page) {
  const heading = page.getByRole('heading', { level: 1, name: /^Notifications/ });
  const list = page.getByRole('list', { name: 'Notifications' });
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  return {
    heading,
    list,
    bell,
    /** A notification of the list, by its title. */
    item: (title: string) => list.getByRole('button', { name: title }),
    /** The N of 'Notifications (N unread)', once the list has loaded. */
    async unreadCount(): Promise<number> {
      await expect(heading).toHaveText(/^Notifications \(\d+ unread\)$/);
      return Number(/\((\d+) unread\)/.exec((await heading.textContent()) ?? '')?.[1]);
    },
    /** The heading and the bell both say `count` unread. */
    async expectUnread(count: number): Promise<void> {
      await expect(heading).toHaveText(`Notifications (${count} unread)`);
      await expect(bell).toHaveAccessibleName(`Notifications, ${count} unread`);
    },
    /** Opens '+ Create Notification' and returns its dialog. */
    async openCreateForm(): Promise<Locator> {
      await page.getByRole('button', { name: '+ Create Notification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Notification' });
      await expect(dialog).toBeVisible();
      return dialog;
    },
    /** Creates global notifications straight through the API, as this admin; their ids. */
    async createGlobalThroughApi(titles: string[]): Promise<string[]> {
      const headers = await bearer(page);
      const ids: string[] = [];
      for (const title of titles) {
        const response = await page.request.post('/api/notifications', {
          headers,
          data: { title, message: 'Made for the mark-all test.', type: 'system', isGlobal: true },
        });
        expect(response.status()).toBe(201);
        const body = (await response.json()) as { data: { notification: { id: string } } };
        ids.push(body.data.notification.id);
      }
      return ids;
    },
    /** This admin's read state of `ids` and unread count, as the API answers them. */
    async readStates(ids: string[]) {
      const res = await page.request.get('/api/notifications?page=1&limit=100', {
        headers: await bearer(page),
      });
      expect(res.status()).toBe(200);
      const { notifications, unreadCount } = (
        (await res.json()) as {
          data: { notifications: { id: string; isRead: boolean }[]; unreadCount: number };
        }
      ).data;
      const byId = new Map(notifications.map((n) => [n.id, n.isRead]));
      return { read: ids.map((id) => byId.get(id)), unreadCount };
    },
  };
}

/** `text` as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A title no other run or spec uses. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
