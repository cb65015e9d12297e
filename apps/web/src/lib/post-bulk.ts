import type { z } from 'zod';
import { api, parsed } from './api-client.ts';

/** What a bulk route takes: the rows with their values and, for an undo, the change's bulk id. */
export interface BulkBody<Change> {
  changes: readonly Change[];
  bulkId?: string;
}

/**
 * A list's bulk route (`POST /<list>/bulk/<what>`, issue 31): each chosen row with its new value,
 * all or none. Resolves with the change's `bulkId` and each row's `before` and `after`; the
 * `before` values, sent back with the `bulkId` (undoBody), undo the change, and the audit log
 * shows both as one bulk change (decisions 242, 311). `response` is the answer's contract, or a
 * function loading it beside the request (`parsed`, docs/decisions/450).
 */
export async function postBulk<Answer extends { data: { bulkId: string; changes: unknown } }>(
  path: string,
  response: z.ZodType<Answer> | (() => Promise<z.ZodType<Answer>>),
  body: BulkBody<unknown>,
): Promise<Answer['data']> {
  const schema = async () => (typeof response === 'function' ? await response() : response);
  return (await parsed(api.post<unknown>(path, body), schema)).data;
}

/** The body that undoes a bulk change: each row's `before` value, under the change's bulk id. */
export function undoBody<Value extends object>(answer: {
  bulkId: string;
  changes: readonly { id: string; before: Value }[];
}): { bulkId: string; changes: ({ id: string } & Value)[] } {
  return {
    bulkId: answer.bulkId,
    changes: answer.changes.map(({ id, before }) => ({ id, ...before })),
  };
}
