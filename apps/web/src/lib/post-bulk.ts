import type { z } from 'zod';
import { api } from './api-client.ts';

/**
 * A list's bulk route (`POST /<list>/bulk/<what>`, issue 31): each chosen row with its new value,
 * all or none. Resolves with each row's `before` and `after`; the `before` values, sent back the
 * same way, undo the change (decision 242).
 */
export async function postBulk<Answer extends { data: { changes: unknown } }>(
  path: string,
  response: z.ZodType<Answer>,
  changes: unknown,
): Promise<Answer['data']['changes']> {
  const envelope = await api.post<unknown>(path, { changes });
  return response.parse(envelope).data.changes;
}
