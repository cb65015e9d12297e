import { expect } from 'vitest';
import type { CreateNotificationResponse } from '@cask/contracts/notifications';
import { notifications } from '../../src/db/schema/notifications.ts';
import type { TestContext } from './app.ts';
import type { TestAdmin } from './sign-in.ts';

/** POST a notification as `admin`; expect 201 and answer the notification created. */
export async function addNotification(
  ctx: Pick<TestContext, 'app'>,
  admin: TestAdmin,
  payload: Record<string, unknown>,
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications',
    headers: admin.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreateNotificationResponse>().data.notification;
}

/** `n` global notices by `admin` straight in the table, a millisecond apart, oldest first. */
export async function insertNotifications(
  ctx: Pick<TestContext, 'database'>,
  n: number,
  admin: TestAdmin,
): Promise<void> {
  await ctx.database.db.insert(notifications).values(
    Array.from({ length: n }, (_, index) => ({
      title: `Notice ${index + 1}`,
      message: `Message ${index + 1}`,
      isGlobal: true,
      createdBy: admin.id,
      createdAt: new Date(Date.UTC(2025, 0, 1, 12, 0, 0, index)),
    })),
  );
}
