import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, uuidParam } from '@cask/contracts/common';
import {
  createNotificationBody,
  createNotificationResponse,
  markAllNotificationsReadResponse,
  markNotificationReadResponse,
  notificationReadChangesBody,
  notificationReadChangesResponse,
  notificationListDefinition,
} from '@cask/contracts/notifications';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { createNotificationsService, notificationsExport } from './notifications.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/**
 * docs/screens/notifications.md#api-calls: the four notification calls; all need a signed-in admin.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const notifications = createNotificationsService({ database: deps.database });

  app.get(
    notificationListDefinition.path,
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationListDefinition.query,
        response: { 200: notificationListDefinition.response },
      },
    },
    async (request) => ok(await notifications.list(request.admin.id, request.query)),
  );
  routeListExport(app, notificationListDefinition, notificationsExport);

  app.post(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        body: createNotificationBody,
        response: {
          201: createNotificationResponse,
          404: errorEnvelope.describe('No such recipient'),
        },
      },
    },
    async (request, reply) => {
      const notification = await notifications.create(request.body, actorOf(request));
      return reply.status(201).send(ok({ notification }, 'Notification created successfully!'));
    },
  );

  app.put(
    '/notifications/mark-all-read',
    {
      schema: { tags: ['notifications'], response: { 200: markAllNotificationsReadResponse } },
    },
    async (request) =>
      ok(await notifications.markAllRead(actorOf(request)), 'All notifications marked as read'),
  );

  app.post(
    '/notifications/bulk/read',
    {
      schema: {
        tags: ['notifications'],
        description:
          'Marks the chosen notifications read (`isRead: true`) or unread (the undo) for the admin who asks; all or none.',
        body: notificationReadChangesBody,
        response: { 200: notificationReadChangesResponse },
      },
    },
    async (request) =>
      ok(
        await notifications.setRead(request.body, actorOf(request)),
        'Notifications marked as read',
      ),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        params: uuidParam,
        response: { 200: markNotificationReadResponse },
      },
    },
    async (request) =>
      ok(
        await notifications.markRead(request.params.id, actorOf(request)),
        'Notification marked as read',
      ),
  );
};
