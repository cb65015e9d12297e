import { ConflictError } from '../../lib/errors.ts';

/** Seeding adds to an empty database only, unless the caller asked to replace what is there. */
export class DatabaseNotEmptyError extends ConflictError {
  constructor() {
    super(
      'The database already has customers: seed data is only added to an empty database. ' +
        'Run again with --force to replace all customers, casks, offers, orders, referrals, ' +
        'points and notifications (admins, the privacy policy and the audit log are kept).',
    );
  }
}
