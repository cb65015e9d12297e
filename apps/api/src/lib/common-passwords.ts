import { PASSWORD_TOO_COMMON } from '@cask/contracts/auth';
import { BadRequestError } from './errors.ts';

/**
 * Passwords nobody may choose (docs/decisions/320): Mozilla's fxa-common-password-list, the
 * 50,000 most common passwords of 8 or more characters in SecLists' list of the million most
 * common (breached) ones, lower-cased. Every password shorter than 8 characters is refused by
 * the contracts anyway, so together they refuse at least the 100,000 most common. Checked
 * offline; the list is decoded once, on the first password set after start-up (~60 ms, ~14 MB),
 * not at start-up: most processes never set one.
 */
let list: Promise<{ test(password: string): boolean }> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  list ??= import('fxa-common-password-list').then((module) => module.default);
  // The list is lower-cased: 'Password1' is as common as 'password1'.
  return (await list).test(password.toLowerCase());
}

/**
 * Refuses a new password on the list with a 400 whose field error names `field`, before any
 * argon2 work is spent on it. Every place a password is set calls it: accepting an invite,
 * resetting, changing, and creating an admin (ADMIN_*, `npm run admin:create`).
 */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new BadRequestError(PASSWORD_TOO_COMMON, [{ field, message: PASSWORD_TOO_COMMON }]);
  }
}
