import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, recordPreconditionHeaders, uuidParam } from '@cask/contracts/common';
import {
  deleteUserResponse,
  updateUserBody,
  updateUserResponse,
  userActiveChangesBody,
  userActiveChangesResponse,
  userDeletedChangesBody,
  userDeletedChangesResponse,
  userResponse,
  userListDefinition,
} from '@cask/contracts/users';
import { customerDetailsBody } from '@cask/contracts/customer-details';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf } from '../../lib/audit-actor.ts';
import { ok } from '../../lib/envelope.ts';
import { expectedRecordVersion, withVersionEtag } from '../../lib/preconditions.ts';
import { createUsersService, usersExport } from './customers.service.ts';
import { routeListExport } from '../exports/list-exports.ts';

/**
 * docs/screens/users.md#api-calls: the club's customers ("users") as User Management and the
 * Dashboard use them.
 */
export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const users = createUsersService({ database: deps.database });

  app.get(
    userListDefinition.path,
    {
      schema: {
        tags: ['users'],
        querystring: userListDefinition.query,
        response: { 200: userListDefinition.response },
      },
    },
    async (request) => ok(await users.list(request.query)),
  );
  routeListExport(app, userListDefinition, usersExport);

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        description: 'One customer as the list shows them; the `ETag` header is the version.',
        params: uuidParam,
        response: { 200: userResponse, 404: errorEnvelope.describe('No such customer') },
      },
    },
    async (request, reply) =>
      ok({ user: withVersionEtag(reply, await users.get(request.params.id)) }),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: uuidParam,
        headers: recordPreconditionHeaders,
        body: updateUserBody,
        response: { 200: updateUserResponse },
      },
    },
    async (request) =>
      ok(
        {
          user: await users.setActive(
            request.params.id,
            request.body,
            actorOf(request),
            expectedRecordVersion(request.headers),
          ),
        },
        'User updated successfully',
      ),
  );

  app.put(
    '/users/:id/details',
    {
      schema: {
        tags: ['users'],
        description:
          "The customer page's 'Edit details': name, e-mail (unique among customers, 409 otherwise) and phone.",
        params: uuidParam,
        headers: recordPreconditionHeaders,
        body: customerDetailsBody,
        response: {
          200: updateUserResponse,
          404: errorEnvelope.describe('No such customer'),
          409: errorEnvelope.describe('Another customer has this e-mail'),
        },
      },
    },
    async (request) =>
      ok(
        {
          user: await users.updateDetails(
            request.params.id,
            request.body,
            actorOf(request),
            expectedRecordVersion(request.headers),
          ),
        },
        'User updated successfully',
      ),
  );

  app.post(
    '/users/bulk/active',
    {
      schema: {
        tags: ['users'],
        body: userActiveChangesBody,
        response: { 200: userActiveChangesResponse },
      },
    },
    async (request) =>
      ok(await users.setActives(request.body, actorOf(request)), 'Users updated successfully'),
  );

  app.post(
    '/users/bulk/deleted',
    {
      schema: {
        tags: ['users'],
        description:
          'Hides customers (`deleted: true`, as DELETE does) or brings them back (`deleted: false`, the undo of a delete); all or none.',
        body: userDeletedChangesBody,
        response: { 200: userDeletedChangesResponse },
      },
    },
    async (request) =>
      ok(await users.setDeleted(request.body, actorOf(request)), 'Users updated successfully'),
  );

  app.delete(
    '/users/:id',
    { schema: { tags: ['users'], params: uuidParam, response: { 200: deleteUserResponse } } },
    async (request) =>
      ok(await users.remove(request.params.id, actorOf(request)), 'User deleted successfully'),
  );
};
