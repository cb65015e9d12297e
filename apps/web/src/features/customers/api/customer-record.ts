import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CUSTOMER_SECTION_PAGE_SIZE,
  customerCasksResponse,
  customerNotificationsResponse,
  customerOrdersResponse,
  customerPastCasksResponse,
  customerPointsResponse,
  customerRecordResponse,
  customerReferralsResponse,
  type CustomerRecord,
} from '@cask/contracts/customer-records';
import { api } from '@/lib/api-client.ts';
import { usersKey } from '@/lib/customer-queries.ts';

/**
 * The customer page's calls (issue 30), under usersKey: a status change, a point adjustment or a
 * cask change (which invalidate the users) reads the page again.
 */
export const customerRecordKey = (id: string) => [...usersKey, 'record', id] as const;

export const customerRecordQuery = (id: string) =>
  queryOptions({
    queryKey: customerRecordKey(id),
    queryFn: async (): Promise<CustomerRecord> =>
      customerRecordResponse.parse(await api.get<unknown>(`/users/${id}/record`)).data,
  });

export const useCustomerRecord = (id: string) => useQuery(customerRecordQuery(id));

export const SECTIONS = {
  casks: customerCasksResponse,
  'past-casks': customerPastCasksResponse,
  orders: customerOrdersResponse,
  referrals: customerReferralsResponse,
  points: customerPointsResponse,
  notifications: customerNotificationsResponse,
} as const;
export type SectionName = keyof typeof SECTIONS;
export type SectionItem<Name extends SectionName> = z.infer<
  (typeof SECTIONS)[Name]
>['data']['items'][number];

export function useCustomerSection<Name extends SectionName>(id: string, name: Name, page: number) {
  return useQuery({
    queryKey: [...customerRecordKey(id), name, page],
    queryFn: async () => {
      const envelope = await api.get<unknown>(`/users/${id}/${name}`, {
        params: { page, limit: CUSTOMER_SECTION_PAGE_SIZE },
      });
      return SECTIONS[name].parse(envelope).data as {
        items: SectionItem<Name>[];
        pagination: { current: number; pages: number; total: number; limit: number };
      };
    },
    placeholderData: keepPreviousData,
  });
}
