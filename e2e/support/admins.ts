export interface AdminCredentials {
  name: string;
  email: string;
  password: string;
}

/**
 * The admin every spec signs in with. Its password never changes during the run, so specs
 * that only need a session stay independent of each other.
 */
export const mainAdmin: AdminCredentials = {
  name: 'Ailsa Mackenzie',
  email: 'ailsa.mackenzie@example.com',
  password: 'Warehouse-No7-Key',
};

/**
 * One admin per password-recovery test: a reset changes the password and a new code can only be
 * requested every 60 s per account (docs/architecture.md#authentication), so these tests cannot
 * share an account. See docs/decisions/050-e2e-server-and-admins.md for how they are created.
 */
export const recoveryAdmins = {
  typesCode: {
    name: 'Ewan Fraser',
    email: 'ewan.fraser@example.com',
    password: 'Old-Cooper-Pass1',
  },
  pastesCode: {
    name: 'Isla Grant',
    email: 'isla.grant@example.com',
    password: 'Old-Stillman-Pass2',
  },
} satisfies Record<string, AdminCredentials>;

/**
 * Turns two-factor on in security.spec.ts (issue 28): from then on its sign-in asks for a code,
 * which no other spec could give.
 */
export const twoFactorAdmin: AdminCredentials = {
  name: 'Morag Campbell',
  email: 'morag.campbell@example.com',
  password: 'Spirit-Safe-Pass3',
};

/** Created by the server at start-up, one boot each (ADMIN_* creates exactly one admin). */
export const seededAdmins: AdminCredentials[] = [
  recoveryAdmins.typesCode,
  recoveryAdmins.pastesCode,
  twoFactorAdmin,
  mainAdmin,
];
