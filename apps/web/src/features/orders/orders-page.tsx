import { ORDER_SORTS, ORDER_STATUSES, type OrderStatus } from '@cask/contracts/orders';
import { SEARCH_MAX_LENGTH } from '@cask/contracts/users';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SearchInput } from '@/components/ui/search-input.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { useListParams, usePageWithin, useUrlSearch } from '@/lib/use-list-params.ts';
import { useOrders } from './api/get-orders.ts';
import { OrderList } from './components/order-list.tsx';
import { OrderStats } from './components/order-stats.tsx';
import { ExportCsvButton } from '@/components/ui/export-csv-button.tsx';

/** Typing pauses this long before a search is sent, as in User Management. */
export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_FILTER = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: status })),
];

/**
 * Spec 001 §2 Orders (/orders): the three cards, the search over all orders on the server
 * (decision 152) and a status filter, and the Order List. A new search or status shows page 1.
 * The page, search, status and sort are in the URL (issue 31).
 */
export default function OrdersPage() {
  const list = useListParams({ sorts: ORDER_SORTS, filters: { status: ORDER_STATUSES } });
  const { text, onTextChange, search } = useUrlSearch(SEARCH_DEBOUNCE_MS);
  const status = list.filter('status') as OrderStatus | '';
  const orders = useOrders({ page: list.page, search, status, sort: list.sort });
  usePageWithin(list, orders.data?.pagination.pages);

  return (
    <>
      <PageHeader
        title="Order List"
        actions={<ExportCsvButton list="orders" params={{ search, status, sort: list.sort }} />}
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
      </div>
      <OrderList orders={orders} onPageChange={list.setPage} sort={list.tableSort} />
    </>
  );
}
