import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { pageNumbers } from '@/testing/queries.ts';
import { Pagination, type PaginationProps } from './pagination.tsx';

function renderPagination(props: Partial<PaginationProps> = {}) {
  const onPageChange = vi.fn();
  const view = render(
    <Pagination
      page={1}
      pages={1}
      total={0}
      count={0}
      limit={10}
      noun="users"
      onPageChange={onPageChange}
      {...props}
    />,
  );
  return { ...view, onPageChange };
}

test('it says how many items the first page shows out of how many in all (the spec’s words)', () => {
  renderPagination({ page: 1, pages: 4, total: 22, count: 6, limit: 6, noun: 'users' });
  expect(screen.getByText('Showing 6 of 22 users')).toBeInTheDocument();
});

test('a later page says which items it shows: Showing 11-20 of 69 (issue 41)', () => {
  const { rerender } = renderPagination({ page: 2, pages: 7, total: 69, count: 10, limit: 10 });
  expect(screen.getByText('Showing 11-20 of 69 users')).toBeInTheDocument();
  // The last page, not full.
  rerender(
    <Pagination
      page={7}
      pages={7}
      total={69}
      count={9}
      limit={10}
      noun="users"
      onPageChange={vi.fn()}
    />,
  );
  expect(screen.getByText('Showing 61-69 of 69 users')).toBeInTheDocument();
});

test('the noun is the screen’s own word', () => {
  renderPagination({ page: 1, pages: 1, total: 3, count: 3, noun: 'Reward' });
  expect(screen.getByText('Showing 3 of 3 Reward')).toBeInTheDocument();
});

test('a long list shows the first, the last and the current page with ellipses between', () => {
  renderPagination({ page: 5, pages: 20, total: 200, count: 10 });
  expect(pageNumbers()).toEqual(['1', '4', '5', '6', '20']);
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(nav).getAllByText('…')).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
});

test('at the first page the first and last pages are still both shown', () => {
  renderPagination({ page: 1, pages: 9, total: 90, count: 10 });
  expect(pageNumbers()).toEqual(['1', '2', '3', '4', '9']);
});

test('Previous is disabled on the first page and Next on the last', () => {
  const { rerender, onPageChange } = renderPagination({ page: 1, pages: 3, total: 30, count: 10 });
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

  rerender(
    <Pagination
      page={3}
      pages={3}
      total={30}
      count={10}
      limit={10}
      noun="users"
      onPageChange={onPageChange}
    />,
  );
  expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('Previous, Next and a page number move to that page', async () => {
  const user = userEvent.setup();
  const { onPageChange } = renderPagination({ page: 2, pages: 5, total: 50, count: 10 });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await user.click(screen.getByRole('button', { name: 'Page 5' }));
  expect(onPageChange.mock.calls).toEqual([[3], [1], [5]]);
});

test('the current page and pages out of range do not change the page', async () => {
  const user = userEvent.setup();
  const { onPageChange } = renderPagination({ page: 1, pages: 1, total: 4, count: 4 });
  await user.click(screen.getByRole('button', { name: 'Page 1' }));
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(onPageChange).not.toHaveBeenCalled();
});

test('Refresh shows only when the screen can refresh, and refreshes', async () => {
  const user = userEvent.setup();
  renderPagination({ pages: 2, total: 12, count: 6 });
  expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();

  const onRefresh = vi.fn();
  render(
    <Pagination
      page={1}
      pages={2}
      total={12}
      count={6}
      limit={10}
      noun="orders"
      label="Orders pagination"
      onPageChange={vi.fn()}
      onRefresh={onRefresh}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(onRefresh).toHaveBeenCalledTimes(1);
});
