import type { OrderStatus } from '@cask/contracts/orders';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/plain';
import {
  ORDER_LIST,
  ORDER_SORTS,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
} from '@cask/contracts/lists-plain';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useListParams, usePageWithin, useUrlSearch } from '@/lib/use-list-params.ts';
import { useList } from '@/lib/list-query.ts';
import { OrderList } from './components/order-list.tsx';
import { OrderStats } from './components/order-stats.tsx';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';

/** The list by its address, its contract (and zod) loaded beside the request (decision 450). */
const orderList = {
  ...ORDER_LIST,
  load: async () => (await import('@cask/contracts/orders')).orderListDefinition,
};

/** Typing pauses this long before a search is sent, as in User Management. */
export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_FILTER = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: status })),
];

/** The start of a day (YYYY-MM-DD) in the admin's own time zone, as an instant; '' for ''. */
function startOfDay(day: string, plusDays = 0): string {
  if (day === '') return '';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/**
 * docs/screens/orders.md (/orders): the three cards, the search over all orders on the server
 * (decision 152; a reference such as ORD-00123 or 123 too), a status filter and the Ordered range
 * (issue 41), and the Order List. A new search or filter shows page 1. The page, search, filters
 * and sort are in the URL (issue 31).
 */
export default function OrdersPage() {
  const list = useListParams({
    sorts: ORDER_SORTS,
    filters: { status: ORDER_STATUSES, orderedFrom: 'day', orderedTo: 'day' },
  });
  const { text, onTextChange, search } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const status = list.filter('status') as OrderStatus | '';
  const fromDay = list.filter('orderedFrom');
  const toDay = list.filter('orderedTo');
  // From the start of the From day to the end of the To day, in the admin's time zone.
  const range = { orderedFrom: startOfDay(fromDay), orderedTo: startOfDay(toDay, 1) };
  const orders = useList(orderList, {
    page: list.page,
    limit: ORDERS_PAGE_SIZE,
    search,
    status,
    ...range,
    sort: list.sort,
  });
  usePageWithin(list, orders.data?.pagination.pages);

  return (
    <>
      <PageHeader
        title="Order List"
        actions={
          <ExportCsvButton list="orders" params={{ search, status, ...range, sort: list.sort }} />
        }
      />
      <OrderStats orders={orders} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          label="Search orders"
          placeholder="Search order ..."
          value={text}
          onValueChange={onTextChange}
          maxLength={SEARCH_MAX_LENGTH}
          className="sm:w-96!"
        />
        <SelectField
          label="Filter by status"
          hideLabel
          options={STATUS_FILTER}
          value={status}
          onChange={(event) => list.setFilter('status', event.target.value)}
          className="sm:w-48"
        />
        <TextField
          label="Ordered from"
          type="date"
          value={fromDay}
          max={toDay || undefined}
          onChange={(event) => list.setFilter('orderedFrom', event.target.value)}
        />
        <TextField
          label="Ordered to"
          type="date"
          value={toDay}
          min={fromDay || undefined}
          onChange={(event) => list.setFilter('orderedTo', event.target.value)}
        />
      </div>
      <OrderList orders={orders} onPageChange={list.setPage} sort={list.tableSort} />
    </>
  );
}
