import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditListResponse, AuditRecordType, AuditVerification } from '@cask/contracts/audit';
import { AUDIT_PAGE_SIZE } from '@cask/contracts/audit-plain';
import { api, parsed } from './api-client.ts';

export type AuditPage = AuditListResponse['data'];

/**
 * Every audit query starts with this key. Any save may add entries, so the Audit Log and each
 * History are read again when shown (staleTime 0, the default) rather than invalidated by each
 * mutation.
 */
export const auditKey = ['audit'] as const;

// Each answer is parsed by its contract, loaded beside the request: the Audit Log draws without
// zod (decision 450).

/** The Audit Log's filters as the screen holds them: '' is no filter. */
export interface AuditRequest {
  page: number;
  search: string;
  admin: string;
  action: string;
  recordType: AuditRecordType | '';
  recordId: string;
  /** ISO instants (the start of the From day, the end of the To day), '' when unset. */
  from: string;
  to: string;
  limit?: number;
}

/** The query string of a request: unset filters left out (also the export's). */
export function auditParams(request: Omit<AuditRequest, 'page'>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of [
    'search',
    'admin',
    'action',
    'recordType',
    'recordId',
    'from',
    'to',
  ] as const) {
    const value = request[name];
    if (value) params[name] = value;
  }
  return params;
}

/** `GET /audit` (issue 29): newest first, 20 a page, the filters combined. */
export async function getAuditPage(request: AuditRequest): Promise<AuditPage> {
  const answer = api.get<unknown>('/audit', {
    params: {
      page: request.page,
      limit: request.limit ?? AUDIT_PAGE_SIZE,
      ...auditParams(request),
    },
  });
  return (
    await parsed(answer, async () => (await import('@cask/contracts/audit')).auditListResponse)
  ).data;
}

export const auditQuery = (request: AuditRequest) =>
  queryOptions({
    queryKey: [...auditKey, 'list', request],
    queryFn: () => getAuditPage(request),
    placeholderData: keepPreviousData,
  });

/** The page of `request`; not asked for while `enabled` is false (dates the API would refuse). */
export function useAuditPage(request: AuditRequest, enabled = true) {
  return useQuery({ ...auditQuery(request), enabled });
}

/** `GET /audit/admins?search=`: the Admin filter's choices. */
export async function searchAuditAdmins(search: string) {
  const answer = api.get<unknown>('/audit/admins', {
    params: { search: search.trim() || undefined },
  });
  return (
    await parsed(answer, async () => (await import('@cask/contracts/audit')).auditAdminsResponse)
  ).data.admins;
}

export function useAuditAdminSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...auditKey, 'admins', search.trim()],
    queryFn: () => searchAuditAdmins(search),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /audit/verification` (issue 45, Owners only): the hash chain walked from its first entry.
 * A walk reads every entry: an answer is kept (until the cache lets it go, 5 minutes unseen), and
 * 'Verify now' asks again.
 */
export async function getAuditVerification(): Promise<AuditVerification> {
  const answer = api.get<unknown>('/audit/verification');
  return (
    await parsed(
      answer,
      async () => (await import('@cask/contracts/audit')).auditVerificationResponse,
    )
  ).data;
}

export function useAuditVerification() {
  return useQuery({
    queryKey: ['audit-verification'],
    queryFn: getAuditVerification,
    staleTime: Infinity,
  });
}
