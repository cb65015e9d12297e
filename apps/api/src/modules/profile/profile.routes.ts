import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileResponse } from '@cask/contracts/auth';
import {
  AVATAR_FIELD,
  updateProfileBody,
  updateProfileResponse,
  uploadAvatarResponse,
} from '@cask/contracts/profile';
import type { AppDeps } from '../../app-deps.ts';
import { ok } from '../../lib/envelope.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  documentMultipartForm,
  readImageUpload,
  registerImageUploads,
} from '../files/multipart.ts';
import { createProfileService } from './profile.service.ts';
import { OWN_ACCOUNT } from '../../plugins/roles.ts';

/**
 * docs/screens/settings.md#api-calls: `GET` and `PUT /auth/profile` and `POST /auth/upload-avatar`,
 * the signed-in admin's own profile. (`POST /auth/change-password` lives in modules/auth, with the
 * sessions it ends.)
 */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const profile = createProfileService({ db: deps.database.db });
  await registerImageUploads(app, { maxFiles: 1 });

  app.get(
    '/auth/profile',
    {
      // The layout's header reads it while the policy sends the admin to set up two-factor.
      config: { beforeSecondFactor: true },
      schema: { tags: ['auth'], response: { 200: profileResponse } },
    },
    async (request) => ok({ user: await profile.read(request.admin) }),
  );

  app.put(
    '/auth/profile',
    {
      config: { viewerMayWrite: OWN_ACCOUNT },
      schema: {
        tags: ['auth'],
        body: updateProfileBody,
        response: { 200: updateProfileResponse },
      },
    },
    async (request) =>
      ok(
        { user: await profile.update(request.admin, request.body, request) },
        'Profile updated successfully!',
      ),
  );

  app.post(
    '/auth/upload-avatar',
    {
      // Each upload decodes an image: far more than a person needs, far less than a flood.
      config: {
        viewerMayWrite: OWN_ACCOUNT,
        rateLimit: routeRateLimit(30),
        swaggerTransform: documentMultipartForm({ fields: [], files: { [AVATAR_FIELD]: 'one' } }),
      },
      schema: {
        tags: ['auth'],
        consumes: ['multipart/form-data'],
        response: { 200: uploadAvatarResponse },
      },
    },
    async (request) => {
      const buffer = await readImageUpload(request, AVATAR_FIELD);
      return ok({ avatarUrl: await profile.uploadAvatar(request.admin, buffer, request) });
    },
  );
};
