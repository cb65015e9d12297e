import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { okEnvelope } from '@cask/contracts/common';
import { user } from '@cask/contracts/users';
import { api } from '@/lib/api-client.ts';

/** How many customers the recipient picker offers at once; typing narrows them down. */
export const RECIPIENT_OPTIONS_LIMIT = 10;

/** Only what the picker shows is read, so the user list can grow fields freely. */
const recipientOption = user.pick({ id: true, fullName: true, email: true });
export type RecipientOption = z.infer<typeof recipientOption>;
const recipientSearchResponse = okEnvelope(z.object({ users: z.array(recipientOption) }));

/** `GET /users?search=` (spec 000 §7): customers by name or e-mail, deleted ones never. */
export async function searchRecipients(search: string): Promise<RecipientOption[]> {
  const envelope = await api.get<unknown>('/users', {
    params: { page: 1, limit: RECIPIENT_OPTIONS_LIMIT, search: search.trim() || undefined },
  });
  return recipientSearchResponse.parse(envelope).data.users;
}

export const recipientSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['users', 'recipient-search', search.trim()],
    queryFn: () => searchRecipients(search),
    staleTime: 30_000,
  });

export function useRecipientSearch(search: string, enabled: boolean) {
  return useQuery({ ...recipientSearchQuery(search), enabled, placeholderData: keepPreviousData });
}
