import type { AdminProfile } from '@cask/contracts/auth';
import type { FieldError } from '@cask/contracts/common';
import { uploadIdOf } from '@cask/contracts/files';
import {
  AVATAR_INVALID,
  EMAIL_READ_ONLY,
  ROLE_READ_ONLY,
  type UpdateProfileBody,
} from '@cask/contracts/profile';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { BadRequestError, UnauthorizedError } from '../../lib/errors.ts';
import { fileExists, prepareImage, savePreparedImage } from '../files/files.service.ts';
import * as repo from './profile.repository.ts';

/**
 * docs/screens/settings.md#personal-information: the avatar is shown at most ~100 px wide; 1024 px
 * keeps it sharp on any screen.
 */
export const AVATAR_MAX_DIMENSION = 1024;
export const AVATAR_NOT_FOUND = 'Avatar not found: please upload the image again';

export interface Caller {
  ip: string;
}

/** Who asks: the signed-in admin (plugins/authenticate.ts), only ever for their own profile. */
export interface ProfileOwner {
  id: string;
}

export type ProfileService = ReturnType<typeof createProfileService>;

/** The signed-in admin's own profile and avatar (docs/screens/settings.md#personal-information). */
export function createProfileService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async read(owner: ProfileOwner): Promise<AdminProfile> {
      const profile = await repo.findProfile(db, owner.id);
      if (!profile) throw new UnauthorizedError('You are not authorized: account disabled');
      return profile;
    },

    /**
     * docs/screens/settings.md#api-calls: the screen sends fullName, email, phone, role and avatar
     * back. E-mail and role are read-only (docs/decisions/090): a different value is refused with a
     * field error, never applied, so nobody can move their account to another address or raise
     * their own role here.
     */
    async update(
      owner: ProfileOwner,
      body: UpdateProfileBody,
      caller: Caller,
    ): Promise<AdminProfile> {
      return db.transaction(async (tx) => {
        const current = await repo.findProfileForUpdate(tx, owner.id);
        if (!current) throw new UnauthorizedError('You are not authorized: account disabled');

        const errors: FieldError[] = [];
        if (body.email !== current.email.toLowerCase()) {
          errors.push({ field: 'email', message: EMAIL_READ_ONLY });
        }
        if (body.role != null && body.role !== current.role) {
          errors.push({ field: 'role', message: ROLE_READ_ONLY });
        }
        if (body.avatar !== null && body.avatar !== current.avatar) {
          const fileId = uploadIdOf(body.avatar);
          if (!fileId) errors.push({ field: 'avatar', message: AVATAR_INVALID });
          else if (!(await fileExists(tx, fileId))) {
            errors.push({ field: 'avatar', message: AVATAR_NOT_FOUND });
          }
        }
        const [first] = errors;
        if (first) throw new BadRequestError(first.message, errors);

        const updated = await repo.updateProfile(tx, owner.id, {
          fullName: body.fullName,
          phone: body.phone,
          avatar: body.avatar,
        });
        await writeAudit(tx, {
          adminId: owner.id,
          action: 'admin.profile_updated',
          entity: 'admin',
          entityId: owner.id,
          before: { fullName: current.fullName, phone: current.phone, avatar: current.avatar },
          after: { fullName: updated.fullName, phone: updated.phone, avatar: updated.avatar },
          ip: caller.ip,
        });
        return updated;
      });
    },

    /**
     * docs/screens/settings.md#personal-information: the screen uploads the chosen file first and
     * then saves the profile with the returned URL, so this only stores the image; the profile
     * changes on `PUT /auth/profile`.
     */
    async uploadAvatar(owner: ProfileOwner, buffer: Buffer, caller: Caller): Promise<string> {
      // Decode and re-encode outside the transaction: no row is held while sharp works.
      const image = await prepareImage(buffer, { maxDimension: AVATAR_MAX_DIMENSION });
      const stored = await db.transaction((tx) =>
        savePreparedImage(tx, image, { adminId: owner.id, ip: caller.ip, purpose: 'avatar' }),
      );
      return stored.url;
    },
  };
}
