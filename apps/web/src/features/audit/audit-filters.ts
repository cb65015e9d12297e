import { AUDIT_RECORD_TYPES, type AuditRecordType } from '@cask/contracts/audit-plain';
import { DATE_OUT_OF_RANGE, isDayInDateYears } from '@cask/contracts/plain';
import type { AuditRequest } from '@/lib/audit-queries.ts';

/** The Audit Log's filters as they live in the URL (issue 29): days as YYYY-MM-DD. */
export interface AuditUrlFilters {
  page: number;
  search: string;
  admin: string;
  action: string;
  type: AuditRecordType | '';
  record: string;
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from the URL; anything unreadable counts as unset. */
export function readAuditFilters(params: URLSearchParams): AuditUrlFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
  };
  const type = params.get('type') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    search: params.get('search') ?? '',
    admin: params.get('admin') ?? '',
    action: params.get('action') ?? '',
    type: (AUDIT_RECORD_TYPES as readonly string[]).includes(type) ? (type as AuditRecordType) : '',
    record: params.get('record') ?? '',
    from: day('from'),
    to: day('to'),
  };
}

/** The URL's query for the filters: unset ones and page 1 left out. */
export function writeAuditFilters(filters: AuditUrlFilters): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string][] = [
    ['search', filters.search],
    ['admin', filters.admin],
    ['action', filters.action],
    ['type', filters.type],
    ['record', filters.record],
    ['from', filters.from],
    ['to', filters.to],
  ];
  for (const [name, value] of entries) if (value) params.set(name, value);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The start of a day in the admin's own time zone, as an instant. */
function startOfDay(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** The API's request: From from the start of its day, To up to the end of its day. */
export function auditRequest(filters: AuditUrlFilters): AuditRequest {
  return {
    page: filters.page,
    search: filters.search.trim(),
    admin: filters.admin,
    action: filters.action,
    recordType: filters.type,
    recordId: filters.record,
    from: filters.from ? startOfDay(filters.from) : '',
    to: filters.to ? startOfDay(filters.to, 1) : '',
  };
}

export const AUDIT_TO_BEFORE_FROM = "'To' must be on or after 'From'";

/**
 * What is wrong with the From and To days, said under each field (not as the list's error): a day
 * the API refuses (outside the years a date may name) or a To before the From. The list is not
 * asked for while either is wrong.
 */
export function auditDayErrors(filters: AuditUrlFilters): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (filters.from && !isDayInDateYears(filters.from)) errors.from = DATE_OUT_OF_RANGE;
  if (filters.to && !isDayInDateYears(filters.to)) errors.to = DATE_OUT_OF_RANGE;
  else if (filters.from && filters.to && filters.to < filters.from) {
    errors.to = AUDIT_TO_BEFORE_FROM;
  }
  return errors;
}
