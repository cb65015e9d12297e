import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';

export interface Column<Row> {
  /** Stable key of the column. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** 'right' suits amounts and the Action column. */
  align?: 'left' | 'center' | 'right';
  /** Extra classes for this column's cells (e.g. 'hidden md:table-cell', a width). */
  className?: string;
  /**
   * Keeps the column at the table's right edge whenever the table scrolls sideways (a phone, or a
   * desktop table widened by long values), so the row's buttons stay in reach (the Action
   * columns).
   */
  pinned?: boolean;
  /** The API's sort name for this column (issue 31): its header becomes a sort button. */
  sort?: string;
  /**
   * Leaves the column out, header and cells: the Action columns for a Viewer, who may change
   * nothing (docs/architecture.md#roles), so no empty column is left.
   */
  hidden?: boolean;
}

/** The list's sort (`name`, `-name`, or undefined for its default) and what a header press does. */
export interface TableSort {
  value: string | undefined;
  onSort: (column: string) => void;
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  /**
   * For a table whose rows may hold nothing to focus (no link or button): its sideways scroll
   * box takes focus, so a keyboard can scroll it on a phone (axe: scrollable-region-focusable).
   */
  keyboardScroll?: boolean;
  /** undefined until the first answer arrives. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** A visible caption, e.g. 'Order List'. Without it, give `label`. */
  caption?: ReactNode;
  /** The table's accessible name when no caption is shown. */
  label?: string;
  /** True while the data loads; with rows already on screen it only shows the busy mark. */
  loading?: boolean;
  /** The first-load text, e.g. 'Loading users...'. */
  loadingText?: string;
  /**
   * The page size: on the first load the table is drawn this many rows high (the loading text,
   * then placeholder rows), so the rows arriving push nothing below it (no layout shift).
   */
  skeletonRows?: number;
  /** True while a refetch runs behind rows already shown (TanStack Query's isFetching). */
  fetching?: boolean;
  /** The empty-list text, e.g. 'No Data found'; a node such as <EmptyState/> also fits. */
  emptyText?: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  /** Makes the headers of columns with a `sort` buttons that sort the list. */
  sort?: TableSort | undefined;
  /** A checkbox per row and one for the page, for bulk actions (issue 31). */
  selection?: TableSelection<Row> | undefined;
}

/** The rows chosen (by rowKey), what a change of the choice does, and how a row is named. */
export interface TableSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** The row's name in its checkbox's label, 'Select {name}'. */
  rowLabel: (row: Row) => string;
}

/** A bulk-selection checkbox (issue 31), named for what it chooses. */
export function SelectionCheckbox({
  label,
  checked,
  indeterminate = false,
  disabled = false,
  onChange,
}: {
  /** 'Select {name}', or 'Select all on this page'. */
  label: string;
  checked: boolean;
  /** Some of the page's rows are chosen, not all. */
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  // On a phone the box around it is the 44 px target, and a tap on it ticks the box (decision 441).
  return (
    <label className="inline-flex cursor-pointer items-center justify-center align-middle max-md:h-11 max-md:w-11">
      <input
        type="checkbox"
        aria-label={label}
        className="h-4 w-4 cursor-pointer rounded border-cream-300 align-middle accent-gold-600 max-md:h-5 max-md:w-5"
        checked={checked}
        disabled={disabled}
        ref={(input) => {
          if (input) input.indeterminate = indeterminate;
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

/**
 * The page's checkbox and each row's, over the rows shown (`keys`): 'Select all on this page' is
 * checked when all are chosen and indeterminate when some are; a list without a table (the
 * Notifications) uses them as the tables do.
 */
export function selectionBoxes(
  selection: Pick<TableSelection<never>, 'selected' | 'onChange'>,
  keys: readonly string[],
) {
  const chosen = keys.filter((key) => selection.selected.has(key)).length;
  const all = keys.length > 0 && chosen === keys.length;
  return {
    page: (
      <SelectionCheckbox
        label="Select all on this page"
        checked={all}
        indeterminate={chosen > 0 && !all}
        disabled={keys.length === 0}
        onChange={(on) => selection.onChange(on ? new Set(keys) : new Set<string>())}
      />
    ),
    row: (key: string, name: string) => (
      <SelectionCheckbox
        label={`Select ${name}`}
        checked={selection.selected.has(key)}
        onChange={(on) => {
          const next = new Set(selection.selected);
          if (on) next.add(key);
          else next.delete(key);
          selection.onChange(next);
        }}
      />
    ),
  };
}

/** The checkbox column: 'Select all on this page' in the header, 'Select {name}' in each row. */
function selectionColumn<Row>(
  selection: TableSelection<Row>,
  rows: readonly Row[],
  rowKey: (row: Row) => string,
): Column<Row> {
  const boxes = selectionBoxes(selection, rows.map(rowKey));
  return {
    id: 'select',
    className: 'w-10',
    header: boxes.page,
    cell: (row) => boxes.row(rowKey(row), selection.rowLabel(row)),
  };
}

/** The order a column's cells are in: its `aria-sort`, undefined when the list is not sorted by it. */
export function sortDirection(column: string, value: string | undefined) {
  if (value === column) return 'ascending';
  if (value === `-${column}`) return 'descending';
  return undefined;
}

const SORT_ICONS = { ascending: ArrowUp, descending: ArrowDown, none: ArrowUpDown };

/**
 * A sortable column's header: a button named by the column; `aria-sort` on its cell tells the
 * order. Pressing it sorts ascending, pressing it again reverses (issue 31). A list without column
 * headers (Notifications) uses it too, and says the order in the button's name.
 */
export function SortButton({
  column,
  sort,
  children,
}: {
  column: string;
  sort: TableSort;
  children: ReactNode;
}) {
  const Icon = SORT_ICONS[sortDirection(column, sort.value) ?? 'none'];
  return (
    <button
      type="button"
      onClick={() => sort.onSort(column)}
      className="inline-flex cursor-pointer items-center gap-1 rounded font-semibold tracking-wide uppercase hover:text-oak-900 max-md:min-h-11"
    >
      {children}
      <Icon aria-hidden className="h-3.5 w-3.5 shrink-0" />
    </button>
  );
}

/**
 * What a cell's card line says on a phone (index.css, decision 441): the column's header as its
 * label (`data-label`, drawn by CSS and hidden from assistive technology, which reads the header
 * itself); the row's buttons (pinned, `data-actions`) and its checkbox (`data-select`) take none.
 */
function phoneCell<Row>(column: Column<Row>) {
  if (column.id === 'select') return { 'data-select': '' };
  if (column.pinned) return { 'data-actions': '' };
  if (typeof column.header !== 'string') return {};
  return { 'data-label': column.header };
}

/**
 * A placeholder line's height on a phone, where a row is a card of lines (decision 441): the
 * row's buttons and its first column, the record's name (a link or button of 44 px in every list
 * but Admins), take a 44 px line, other cells a line of text. So the placeholder cards are about
 * as tall as the cards that replace them and nothing below them moves (CLS, issue 47).
 */
function phoneLineHeight<Row>(column: Column<Row>, columns: readonly Column<Row>[]): string {
  const first = columns.find((each) => each.id !== 'select');
  return column.pinned || column === first ? 'max-md:h-11' : 'max-md:h-5';
}

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

// Opaque, so cells scrolling under it do not show through; it follows the row's hover tint. From
// 768 px up only: on a phone the rows are cards and nothing scrolls sideways (decision 441).
const pinnedClass =
  'md:sticky md:right-0 md:bg-cream-50 md:group-hover:bg-cream-100 md:shadow-[-6px_0_6px_-6px_rgb(43_31_16/0.25)]';

function cellClass<Row>(column: Column<Row>, header = false): string {
  const pinned = column.pinned ? `${pinnedClass} ${header ? 'md:bg-cream-100!' : ''}` : '';
  return `${alignClass[column.align ?? 'left']} ${pinned} ${column.className ?? ''}`;
}

/**
 * A cell's text that may be long (a name, an e-mail, a title). From 768 px up it takes at most two
 * lines and a width of 16rem or the table's share for it (see `cellTextMax`), then ends in an
 * ellipsis; a word longer than that (an address, a code) breaks at the edge. So one long value
 * cannot push Status and Action out of the table, and short values lay out as before. The whole
 * text stays in the page for screen readers and is the tooltip on hover. On a phone it wraps in its
 * row's card (decision 441).
 */
export function CellText({ children, className = '' }: { children: string; className?: string }) {
  return (
    <span
      title={children}
      className={`md:line-clamp-2 md:max-w-(--cell-text-max) md:break-words ${className}`}
    >
      {children}
    </span>
  );
}

/**
 * The widest a CellText may be: 16rem, or less in a table of many columns (a share of the table's
 * width, `cqw`), so that with every text column at its widest the table still fits its card on a
 * 1280 px screen: 25% of it with five columns, 14% with nine (the Cask List). The checkbox
 * column of a list with bulk actions holds no text and is not counted.
 */
function cellTextMax(columnCount: number): string {
  return `min(16rem, ${Math.round(125 / Math.max(columnCount, 5))}cqw)`;
}

/**
 * Text returned by a column's `cell` is laid out by CellText; amounts (right-aligned columns) and
 * numbers are never cut.
 */
function cellContent<Row>(column: Column<Row>, content: ReactNode): ReactNode {
  return typeof content === 'string' && column.align !== 'right' ? (
    <CellText>{content}</CellText>
  ) : (
    content
  );
}

/**
 * A semantic table for every list screen. Rows keep their place while a refetch runs (page
 * change with placeholderData, Refresh, a save): only a thin gold line shows above them, so the
 * table never flashes 'Loading...' over rows the admin is reading.
 */
export function DataTable<Row>({
  columns: givenColumns,
  rows,
  rowKey,
  caption,
  label,
  loading = false,
  loadingText = 'Loading...',
  skeletonRows = 1,
  fetching = false,
  emptyText = 'No Data found',
  rowClassName,
  sort,
  selection,
  keyboardScroll = false,
}: DataTableProps<Row>) {
  const shown = givenColumns.filter((column) => !column.hidden);
  const columns = selection ? [selectionColumn(selection, rows ?? [], rowKey), ...shown] : shown;
  const hasRows = rows !== undefined && rows.length > 0;
  const firstLoad = !hasRows && (loading || rows === undefined);
  const busy = hasRows && (fetching || loading);
  // Rows with buttons (the pinned Action columns, 32 px) are taller than rows of text (20 px):
  // placeholder cells take the height the row's real content will have.
  const lineHeight = columns.some((column) => column.pinned) ? 'h-8' : 'h-5';
  // A table of many columns (the Cask List's nine) keeps them closer together, so it still fits
  // its card on a 1280 px screen without scrolling sideways under the pinned Action column.
  const cellX = columns.length > 8 ? 'px-3' : 'px-4';

  // A thin gold line over the table while it refetches; the text is for screen readers.
  const busyMark = busy ? (
    <div role="status" className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden">
      <div aria-hidden className="h-full w-full animate-pulse bg-gold-400" />
      <span className="sr-only">Updating…</span>
    </div>
  ) : null;

  return (
    <div
      className="@container relative"
      // The checkbox column (w-10) holds no text: it does not narrow the text columns' share.
      style={{ '--cell-text-max': cellTextMax(givenColumns.length) } as CSSProperties}
    >
      {/* Outside the caption, so the table keeps its accessible name while it refetches. */}
      {busyMark}
      <div
        className="overflow-x-auto"
        {...(keyboardScroll
          ? { tabIndex: 0, role: 'region', 'aria-label': `${label ?? 'Table'}, scrolls sideways` }
          : {})}
      >
        {/* Under 768 px `data-cards` lays each row out as a card (index.css, decision 441). */}
        <table
          aria-label={caption ? undefined : label}
          aria-busy={firstLoad || busy || undefined}
          className="data-cards w-full border-collapse text-sm md:min-w-[36rem]"
        >
          {caption ? (
            <caption className="px-4 pt-4 pb-3 text-left text-base font-semibold text-oak-900">
              {caption}
            </caption>
          ) : null}
          <thead>
            <tr className="border-y border-cream-200 bg-cream-100">
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    sort && column.sort
                      ? (sortDirection(column.sort, sort.value) ?? 'none')
                      : undefined
                  }
                  className={`${cellX} py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-oak-700 uppercase ${cellClass(column, true)}`}
                >
                  {sort && column.sort ? (
                    <SortButton column={column.sort} sort={sort}>
                      {column.header}
                    </SortButton>
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={busy ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
            {firstLoad ? (
              <>
                <tr className="border-b border-cream-200 last:border-b-0">
                  <td colSpan={columns.length} className="px-4 py-3 text-center text-oak-700">
                    <span className={`inline-flex items-center gap-3 ${lineHeight}`}>
                      <span
                        aria-hidden
                        className="h-5 w-5 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600"
                      />
                      {loadingText}
                    </span>
                  </td>
                </tr>
                {Array.from({ length: skeletonRows - 1 }, (_, index) => (
                  <tr key={index} aria-hidden className="border-b border-cream-200 last:border-b-0">
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={`${cellX} py-3 ${cellClass(column)}`}
                        {...phoneCell(column)}
                      >
                        <span
                          className={`flex w-full items-center ${lineHeight} ${phoneLineHeight(column, columns)}`}
                        >
                          <span className="h-3 w-full max-w-24 animate-pulse rounded bg-cream-200" />
                        </span>
                      </td>
                    ))}
                  </tr>
                ))}
              </>
            ) : !hasRows ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-oak-700">
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={`group border-b border-cream-200 last:border-b-0 hover:bg-cream-100 ${rowClassName?.(row) ?? ''}`}
                >
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={`${cellX} py-3 text-oak-900 ${cellClass(column)}`}
                      {...phoneCell(column)}
                    >
                      {cellContent(column, column.cell(row))}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
