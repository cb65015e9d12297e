import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRole } from '@cask/contracts/admins';
import type { AdminProfile } from '@cask/contracts/auth';
import { api, parsed } from './api-client.ts';
import { rememberRole, rememberedRole } from './session.ts';

/** One key for the signed-in admin: the header reads it, the profile screen updates it. */
export const profileQueryKey = ['profile'] as const;

/** `GET /auth/profile` (docs/architecture.md#envelope); docs/screens/shell.md: the admin is in `data.user`. */
export async function getProfile(): Promise<AdminProfile> {
  // The header (every screen's shell) reads the profile: its contract, and zod with it, load
  // beside the request instead of before the shell draws (docs/decisions/450).
  const answer = api.get<unknown>('/auth/profile');
  const contract = async () => (await import('@cask/contracts/auth')).profileResponse;
  const { user } = (await parsed(answer, contract)).data;
  rememberRole(user.role);
  return user;
}

export const profileQuery = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 5 * 60_000 });

export function useProfile() {
  return useQuery(profileQuery());
}

/**
 * What a role may do on the screens (docs/architecture.md#roles; the API enforces it, decision
 * 220).
 */
export type Ability = 'change' | 'manageAdmins' | 'verifyAuditLog';

export function can(role: AdminRole | undefined, ability: Ability): boolean {
  if (ability === 'manageAdmins' || ability === 'verifyAuditLog') return role === 'owner';
  return role === 'owner' || role === 'admin';
}

const isRole = (role: string | undefined): role is AdminRole =>
  role === 'owner' || role === 'admin' || role === 'viewer';

/**
 * The signed-in admin's role, from the profile the header already reads; while it loads, the role
 * it answered last time in this browser (docs/decisions/456), so a screen draws its buttons at
 * once and nothing moves when the profile arrives. With neither (the first screen after a
 * sign-in) nothing that changes data is offered until the profile answers: a Viewer never sees a
 * button flash that the API would refuse.
 */
export function useRole(): AdminRole | undefined {
  const role = useProfile().data?.role;
  if (isRole(role)) return role;
  const remembered = rememberedRole();
  return isRole(remembered) ? remembered : undefined;
}

/**
 * `can(useRole(), ability)`: the one way a screen hides a control a role may not use, a button,
 * a bulk bar, the rows' checkboxes, the Action column's buttons (docs/decisions/325).
 */
export function useCan(ability: Ability): boolean {
  return can(useRole(), ability);
}
