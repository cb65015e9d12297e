import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { DataTable, type Column } from './data-table.tsx';

interface Cask {
  id: string;
  name: string;
  distillery: string;
}

const columns: Column<Cask>[] = [
  { id: 'name', header: 'Cask Name', cell: (cask) => cask.name },
  { id: 'distillery', header: 'Distillery', cell: (cask) => cask.distillery },
];

const casks: Cask[] = [
  { id: 'c1', name: 'Sherry Butt 1998', distillery: 'Glenfarclas' },
  { id: 'c2', name: 'Bourbon Barrel 2012', distillery: 'Ardbeg' },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Cask>>[0]> = {}) {
  return render(
    <DataTable
      caption="Cask List"
      columns={columns}
      rows={casks}
      rowKey={(cask) => cask.id}
      loadingText="Loading casks..."
      emptyText="No casks found."
      {...props}
    />,
  );
}

test('a table named by its caption, with column headers and one row per item', () => {
  renderTable();
  const table = screen.getByRole('table', { name: 'Cask List' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Cask Name', 'Distillery']);
  expect(within(table).getByRole('row', { name: /Sherry Butt 1998 Glenfarclas/ })).toBeVisible();
  expect(within(table).getAllByRole('row')).toHaveLength(3);
});

test('the first load shows the loading text in place of rows', () => {
  renderTable({ rows: undefined, loading: true });
  expect(screen.getByText('Loading casks...')).toBeInTheDocument();
  expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
});

test('on a phone the placeholder rows are cards of the loaded rows’ lines, labelled alike', () => {
  const withActions: Column<Cask>[] = [
    ...columns,
    { id: 'action', header: 'Action', cell: () => 'Edit', pinned: true },
  ];
  const { container } = renderTable({
    columns: withActions,
    rows: undefined,
    loading: true,
    skeletonRows: 3,
  });
  const placeholders = container.querySelectorAll('tbody tr[aria-hidden]');
  expect(placeholders).toHaveLength(2);
  const cells = [...placeholders[0]!.querySelectorAll('td')];
  // The labels a loaded card shows (index.css draws them); the buttons' line is marked as such.
  expect(
    cells.map((cell) => cell.dataset.label ?? ('actions' in cell.dataset ? '(actions)' : '')),
  ).toEqual(['Cask Name', 'Distillery', '(actions)']);
  // The record's name and the buttons take a 44 px line on a phone, other cells a line of text.
  const phoneHeights = cells.map(
    (cell) => cell.firstElementChild?.className.match(/max-md:h-\d+/)?.[0],
  );
  expect(phoneHeights).toEqual(['max-md:h-11', 'max-md:h-5', 'max-md:h-11']);
});

test('an empty answer shows the empty text', () => {
  renderTable({ rows: [] });
  expect(screen.getByText('No casks found.')).toBeInTheDocument();
});

test('a refetch keeps the rows on screen and only marks the table as updating', () => {
  renderTable({ fetching: true, loading: true });
  expect(screen.getByRole('table', { name: 'Cask List' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryByText('Loading casks...')).not.toBeInTheDocument();
  expect(screen.getByText('Sherry Butt 1998')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Updating…');
});

test('without a visible caption the table takes its name from the label', () => {
  renderTable({ caption: undefined, label: 'Reward list' });
  expect(screen.getByRole('table', { name: 'Reward list' })).toBeInTheDocument();
});

test('a long value keeps its whole text, for a screen reader and as the tooltip on hover', () => {
  // Issue 27: one long name widened the table until Status and Action left the screen; the text
  // is now cut with an ellipsis from 768 px up, so its whole is kept where it can be read.
  const name = `Sherry Butt ${'of the Old Warehouse '.repeat(12)}1998`.trim();
  renderTable({ rows: [{ id: 'c9', name, distillery: 'Glenfarclas' }] });
  const cell = screen.getByRole('cell', { name });
  expect(cell).toHaveTextContent(name);
  expect(within(cell).getByTitle(name)).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'Glenfarclas' })).toContainElement(
    screen.getByTitle('Glenfarclas'),
  );
});
