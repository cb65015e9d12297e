import { z } from 'zod';
import {
  bulkAnswer,
  bulkChanges,
  okEnvelope,
  pageQuery,
  pagination,
  line,
  sortParam,
  text,
} from './common.ts';
import { defineList } from './lists.ts';
import { NOTIFICATION_SORTS, NOTIFICATIONS_PAGE_SIZE } from './lists-plain.ts';

/**
 * docs/screens/notifications.md#limits: the seven notification types, in the order the Type select
 * lists them.
 */
export const NOTIFICATION_TYPES = [
  'system',
  'tier',
  'referral',
  'payment',
  'cask',
  'offer',
  'purchase',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The spec names a priority but not its values; the database allows these four
 * (db/schema/notifications.ts) and 'medium' is the default (docs/decisions/082).
 */
export const NOTIFICATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export const DEFAULT_NOTIFICATION_PRIORITY: NotificationPriority = 'medium';

/**
 * Category is free text on the server (short); the create form offers these choices
 * (docs/decisions/082). The list shows its first letter in a circle
 * (docs/screens/notifications.md).
 */
export const NOTIFICATION_CATEGORIES = [
  'general',
  'system',
  'account',
  'rewards',
  'billing',
  'investment',
  'marketing',
  'orders',
] as const;
export const DEFAULT_NOTIFICATION_CATEGORY = 'general';

/**
 * docs/screens/notifications.md#limits: the list and Load More use pages of 20; in
 * ./lists-plain.ts, with the sorts, so the Notifications list draws without zod (decision 450).
 */
export { NOTIFICATION_SORTS, NOTIFICATIONS_PAGE_SIZE };

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_MESSAGE_MAX = 5000;
export const NOTIFICATION_CATEGORY_MAX = 50;
export const NOTIFICATION_ADMIN_NOTES_MAX = 2000;

/**
 * docs/screens/notifications.md#validation: the three messages of the create form, shared by the
 * form and the route.
 */
export const TITLE_REQUIRED = 'Title is required';
export const MESSAGE_REQUIRED = 'Message is required';
export const RECIPIENT_REQUIRED = 'Recipient user ID is required';
export const GLOBAL_HAS_NO_RECIPIENT = 'A global notification has no recipient';

export const notificationListQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  sort: sortParam(NOTIFICATION_SORTS),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** The customer a targeted notification was sent to. */
export const notificationRecipient = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
});
export type NotificationRecipient = z.infer<typeof notificationRecipient>;

/**
 * docs/screens/notifications.md#api-calls, with what the details need: `time` is the ISO creation
 * time.
 */
export const notification = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  category: z.string(),
  time: z.string(),
  /** Read by the admin asking, not by anybody (read state is per admin). */
  isRead: z.boolean(),
  isGlobal: z.boolean(),
  recipient: notificationRecipient.nullable(),
  adminNotes: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  notifications: z.array(notification),
  pagination,
  /** Every notification this admin has not read, across all pages. */
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationList>;
export const notificationListResponse = okEnvelope(notificationList);
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** Blank strings count as absent: the form sends '' for an untouched optional field. */
const blankToNull = (value: string | null | undefined) => (value ? value : null);

const recipientField = text({ error: 'Recipient must be a user ID' })
  .trim()
  .nullish()
  .transform(blankToNull)
  .pipe(z.uuid('Recipient must be a valid user ID').nullable());

/**
 * The recipient rules need both fields parsed; other fields may have failed. An issue without a
 * path is about the body itself (`null`, an array, a string...): then there are no fields at all.
 */
function scopeIsReadable(payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) {
  return !payload.issues.some(
    (issue) => !issue.path?.length || issue.path[0] === 'isGlobal' || issue.path[0] === 'recipient',
  );
}

/**
 * docs/screens/notifications.md#api-calls, the creation payload. The recipient rule looks at two
 * fields, so it sits on the object; `when` lets it run even if another field (say the title)
 * failed, so the form shows every message at once.
 */
export const createNotificationBody = z
  .object({
    title: line({ error: TITLE_REQUIRED })
      .min(1, TITLE_REQUIRED)
      .max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`),
    message: text({ error: MESSAGE_REQUIRED })
      .trim()
      .min(1, MESSAGE_REQUIRED)
      .max(
        NOTIFICATION_MESSAGE_MAX,
        `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters`,
      ),
    type: z.enum(NOTIFICATION_TYPES, {
      error: (issue) =>
        issue.input === undefined
          ? 'Type is required'
          : `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}`,
    }),
    priority: z
      .enum(NOTIFICATION_PRIORITIES, {
        error: `Priority must be one of: ${NOTIFICATION_PRIORITIES.join(', ')}`,
      })
      .default(DEFAULT_NOTIFICATION_PRIORITY),
    category: line({ error: 'Category must be text' })
      .max(
        NOTIFICATION_CATEGORY_MAX,
        `Category must be at most ${NOTIFICATION_CATEGORY_MAX} characters`,
      )
      .nullish()
      .transform((value) => value || DEFAULT_NOTIFICATION_CATEGORY),
    adminNotes: text({ error: 'Admin notes must be text' })
      .trim()
      .max(
        NOTIFICATION_ADMIN_NOTES_MAX,
        `Admin notes must be at most ${NOTIFICATION_ADMIN_NOTES_MAX} characters`,
      )
      .nullish()
      .transform(blankToNull),
    isGlobal: z.boolean({ error: 'Is Global must be true or false' }).default(false),
    recipient: recipientField,
  })
  .refine((body) => body.isGlobal || body.recipient !== null, {
    path: ['recipient'],
    message: RECIPIENT_REQUIRED,
    when: scopeIsReadable,
  })
  .refine((body) => !body.isGlobal || body.recipient === null, {
    path: ['recipient'],
    message: GLOBAL_HAS_NO_RECIPIENT,
    when: scopeIsReadable,
  });
export type CreateNotificationInput = z.input<typeof createNotificationBody>;
export type CreateNotificationBody = z.output<typeof createNotificationBody>;

export const createNotificationResponse = okEnvelope(z.object({ notification }));
export type CreateNotificationResponse = z.infer<typeof createNotificationResponse>;

export const markNotificationReadResponse = okEnvelope(
  z.object({ id: z.uuid(), isRead: z.literal(true), unreadCount: z.number().int().min(0) }),
);
export type MarkNotificationReadResponse = z.infer<typeof markNotificationReadResponse>;

export const markAllNotificationsReadResponse = okEnvelope(
  z.object({
    /** How many notifications this call turned from unread to read. */
    marked: z.number().int().min(0),
    unreadCount: z.number().int().min(0),
  }),
);
export type MarkAllNotificationsReadResponse = z.infer<typeof markAllNotificationsReadResponse>;

/**
 * POST /notifications/bulk/read (issue 31): 'Mark as read' for the chosen notifications, for the
 * admin who asks (reads are each admin's own); `isRead: false` is its undo.
 */
export const notificationReadChangesBody = bulkChanges({
  isRead: z.boolean({ error: 'isRead must be true or false' }),
});
export type NotificationReadChanges = z.infer<typeof notificationReadChangesBody>;
export const notificationReadChangesResponse = bulkAnswer({ isRead: z.boolean() });
export type NotificationReadChangesResponse = z.infer<typeof notificationReadChangesResponse>;
export const BULK_NOTIFICATION_NOT_FOUND = 'Notification not found';

/** Notifications: its route, query and answer, for the API and the web app (lists.ts). */
export const notificationListDefinition = defineList({
  name: 'notifications',
  path: '/notifications',
  query: notificationListQuery,
  response: notificationListResponse,
});
