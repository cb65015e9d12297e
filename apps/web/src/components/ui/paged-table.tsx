import type { ComponentProps, HTMLAttributes } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { ErrorState } from './error-state.tsx';
import { Pagination, PaginationPlaceholder } from './pagination.tsx';

export interface PagedTableProps<Row> extends DataTableProps<Row> {
  /**
   * Set when the list failed to load and has nothing to show: this red box replaces the table
   * (with rows already on screen, a failed refetch keeps them instead).
   */
  failure?: ComponentProps<typeof ErrorState> | undefined;
  /** The API's pagination of the rows shown; undefined until the first answer. */
  pagination: { current: number; pages: number; total: number; limit: number } | undefined;
  /** What 'Showing N of M …' counts, as the screen words it. */
  noun: string;
  /** The pagination landmark's name, e.g. 'Users pagination'. */
  paginationLabel: string;
  onPageChange: (page: number) => void;
  /** Shows the Refresh button (Referrals has none, docs/screens/referrals.md). */
  onRefresh?: (() => void) | undefined;
  /** Attributes of the block holding the table, e.g. preloadOn(...) of its dialogs. */
  blockProps?: HTMLAttributes<HTMLDivElement>;
}

/**
 * The body of every paged list card: the table, then 'Showing N of M' with the page buttons, or
 * the error box when the first load failed. Before the first answer an invisible copy of the
 * pagination holds its place, so nothing below moves when the rows arrive (decision 126).
 */
export function PagedTable<Row>({
  failure,
  pagination,
  noun,
  paginationLabel,
  onPageChange,
  onRefresh,
  blockProps,
  ...table
}: PagedTableProps<Row>) {
  if (failure) {
    return (
      <div className="p-4">
        <ErrorState {...failure} />
      </div>
    );
  }
  return (
    <div {...blockProps}>
      <DataTable {...table} />
      {pagination ? (
        <Pagination
          page={pagination.current}
          pages={pagination.pages}
          total={pagination.total}
          count={table.rows?.length ?? 0}
          limit={pagination.limit}
          noun={noun}
          label={paginationLabel}
          onPageChange={onPageChange}
          onRefresh={onRefresh}
          refreshing={table.fetching ?? false}
        />
      ) : (
        <PaginationPlaceholder refresh={onRefresh !== undefined} />
      )}
    </div>
  );
}
