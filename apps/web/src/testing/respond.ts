import { HttpResponse } from 'msw';
import {
  RECORD_CHANGED_ELSEWHERE,
  type ErrorEnvelope,
  type MessageEnvelope,
} from '@cask/contracts/common';
import { testUuid } from './factories.ts';

/**
 * Test support: the API's answers as the msw handlers of ./handlers/ send them, in the envelope
 * of docs/architecture.md#envelope (`{ success, message?, data? }`, errors `{ success: false,
 * message, errors?, code? }`). Each success body `satisfies` its contract's response type, so a
 * handler that drifts from `@cask/contracts` fails `tsc`.
 */

export const json = <T extends MessageEnvelope | ErrorEnvelope>(
  status: number,
  body: T,
  headers?: Record<string, string>,
) => HttpResponse.json(body, { status, ...(headers ? { headers } : {}) });

/**
 * An error answer, for a test's override of one handler:
 * `server.use(http.get('/api/users', () => apiError(500)))`.
 */
export const apiError = (
  status: number,
  message = 'Something went wrong',
  extra: Omit<ErrorEnvelope, 'success' | 'message'> = {},
) => json(status, { success: false, message, ...extra });

export const notFound = (message: string) => apiError(404, message);

/** A request's query as one string per name. */
export const queryOf = (request: Request): Record<string, string> =>
  Object.fromEntries(new URL(request.url).searchParams);

/** The JSON body a request sent. */
export const bodyOf = async <T>(request: Request): Promise<T> => (await request.json()) as T;

/**
 * As the API (docs/decisions/208): a save whose If-Match names another version than the record's
 * current one is refused with 412; undefined lets it through.
 */
export function refuseStaleSave(request: Request, version: string) {
  const ifMatch = request.headers.get('if-match');
  if (ifMatch === null || ifMatch === '*' || ifMatch.replace(/^W\//, '') === `"${version}"`) {
    return undefined;
  }
  return apiError(412, RECORD_CHANGED_ELSEWHERE);
}

/** The version a save leaves: the next one. */
export const nextVersion = (version: string) => String(Number(version) + 1);

/** A single read (GET /{records}/{id}) with its version as the ETag, as the API answers it. */
export const etag = (version: string) => ({ etag: `"${version}"` });

/** A bulk 'Set Active'/'Activate' on the store's rows: each row's value before and after. */
export function setActive(
  rows: { id: string; isActive: boolean }[],
  changes: { id: string; isActive: boolean }[],
) {
  return changes.map(({ id, isActive }) => {
    const changed = rows.find((row) => row.id === id)!;
    const before = { isActive: changed.isActive };
    changed.isActive = isActive;
    return { id, before, after: { isActive } };
  });
}

/** A bulk action's id as the API answers it: an undo's is the one it names, else a new one. */
export function bulkIdOf(body: unknown): string {
  return (body as { bulkId?: string }).bulkId ?? testUuid();
}

/**
 * A bulk action's refusal as the API answers it (409, db/bulk.ts): nothing changed, and each row
 * that could not be, named `changes.<index>.id` with its reason.
 */
export function bulkRefusal(named: number, failed: { index: number; message: string }[]) {
  return apiError(
    409,
    `Nothing was changed: ${failed.length} of the ${named} rows could not be changed`,
    {
      errors: failed.map(({ index, message }) => ({ field: `changes.${index}.id`, message })),
    },
  );
}

/** One page of `rows` as the lists answer it, sorted by the query's `sort` first. */
export function page<T>(rows: T[], query: Record<string, string>, defaultLimit: number) {
  const current = Number(query.page ?? 1);
  const limit = Number(query.limit ?? defaultLimit);
  const total = rows.length;
  return {
    rows: sortedBy(rows, query.sort).slice((current - 1) * limit, current * limit),
    pagination: { current, pages: Math.ceil(total / limit), total, limit },
  };
}

/**
 * A list's `sort` (issue 31) over the answer's items, whose field has the sort's name: numbers
 * (and money as decimal text) by value, text as the locale orders it; ties keep their order.
 */
function sortedBy<T>(rows: T[], sort: string | undefined): T[] {
  if (!sort) return rows;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  const value = (row: T) => (row as Record<string, unknown>)[field];
  const asNumber = (x: unknown) => (x === null || x === '' ? NaN : Number(x));
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const numbers = !Number.isNaN(asNumber(x)) && !Number.isNaN(asNumber(y));
    const order = numbers ? asNumber(x) - asNumber(y) : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
}

/** What a multipart form sent: its text fields and its files by name. */
export async function formFields(request: Request) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const files: Record<string, File[]> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
    else (files[key] ??= []).push(value);
  });
  return { form, fields, files };
}
