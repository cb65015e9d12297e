import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  customerCasksResponse,
  customerNotificationsResponse,
  customerOrdersResponse,
  customerPastCasksResponse,
  customerPointsResponse,
  CustomerRecord,
  customerReferralsResponse,
} from '@cask/contracts/customer-records';
import { CUSTOMER_SECTION_PAGE_SIZE } from '@cask/contracts/plain';
import { api, parsed } from '@/lib/api-client.ts';
import { usersKey } from '@/lib/customer-queries.ts';

/**
 * The customer page's calls (issue 30), under usersKey: a status change, a point adjustment or a
 * cask change (which invalidate the users) reads the page again.
 */
export const customerRecordKey = (id: string) => [...usersKey, 'record', id] as const;

export const customerRecordQuery = (id: string) =>
  queryOptions({
    queryKey: customerRecordKey(id),
    // The answer's contract loads beside the request: the page draws without zod (decision 450).
    queryFn: async (): Promise<CustomerRecord> =>
      (
        await parsed(
          api.get<unknown>(`/users/${id}/record`),
          async () => (await import('@cask/contracts/customer-records')).customerRecordResponse,
        )
      ).data,
  });

export const useCustomerRecord = (id: string) => useQuery(customerRecordQuery(id));

/** Each section's answer's contract. */
interface Sections {
  casks: typeof customerCasksResponse;
  'past-casks': typeof customerPastCasksResponse;
  orders: typeof customerOrdersResponse;
  referrals: typeof customerReferralsResponse;
  points: typeof customerPointsResponse;
  notifications: typeof customerNotificationsResponse;
}
export type SectionName = keyof Sections;
export type SectionItem<Name extends SectionName> = z.infer<
  Sections[Name]
>['data']['items'][number];

/** Each section's contract, loaded beside its request (decision 450). */
const SECTIONS: { [Name in SectionName]: () => Promise<Sections[Name]> } = {
  casks: async () => (await import('@cask/contracts/customer-records')).customerCasksResponse,
  'past-casks': async () =>
    (await import('@cask/contracts/customer-records')).customerPastCasksResponse,
  orders: async () => (await import('@cask/contracts/customer-records')).customerOrdersResponse,
  referrals: async () =>
    (await import('@cask/contracts/customer-records')).customerReferralsResponse,
  points: async () => (await import('@cask/contracts/customer-records')).customerPointsResponse,
  notifications: async () =>
    (await import('@cask/contracts/customer-records')).customerNotificationsResponse,
};

export function useCustomerSection<Name extends SectionName>(id: string, name: Name, page: number) {
  return useQuery({
    queryKey: [...customerRecordKey(id), name, page],
    queryFn: async () => {
      const answer = api.get<unknown>(`/users/${id}/${name}`, {
        params: { page, limit: CUSTOMER_SECTION_PAGE_SIZE },
      });
      const schema: () => Promise<{ parse: (value: unknown) => { data: unknown } }> =
        SECTIONS[name];
      return (await parsed(answer, schema)).data as {
        items: SectionItem<Name>[];
        pagination: { current: number; pages: number; total: number; limit: number };
      };
    },
    placeholderData: keepPreviousData,
  });
}
