import { ADMIN_ROLES, ROLE_LABELS } from '@cask/contracts/admins';

/** The Role choices, with what each may do (docs/architecture.md#roles). */
export const ROLE_HINT =
  'Owner: everything and admins. Admin: everything else. Viewer: reads only.';
export const roleOptions = ADMIN_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
