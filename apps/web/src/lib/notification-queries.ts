/**
 * The notifications' one query key: the Notifications screen's list and the bell's count are
 * under it, and a notification sent from anywhere (the customer page too) refreshes them.
 */
export const notificationsKey = ['notifications'] as const;
