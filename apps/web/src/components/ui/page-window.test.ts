import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { clampPage, isPageChange, pageWindow, VISIBLE_PAGE_BUTTONS } from './page-window.ts';

const numbersOf = (items: ReturnType<typeof pageWindow>) =>
  items.filter((item): item is number => item !== 'gap');

describe('pageWindow examples', () => {
  test('the spec example: page 5 of 20 reads 1 … 4 5 6 … 20', () => {
    expect(pageWindow(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
  });

  test('at the start and at the end only one side is cut', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });

  test('five pages or fewer are all shown, without an ellipsis', () => {
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  test('no pages, no buttons', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  test('a current page beyond the end is shown as the last page', () => {
    expect(pageWindow(40, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });
});

const pages = fc.integer({ min: 1, max: 500 });
const scenario = pages.chain((total) =>
  fc.record({ pages: fc.constant(total), current: fc.integer({ min: -5, max: total + 5 }) }),
);

describe('pageWindow properties', () => {
  test('shows exactly min(5, pages) page numbers', () => {
    fc.assert(
      fc.property(scenario, ({ current, pages }) => {
        expect(numbersOf(pageWindow(current, pages))).toHaveLength(
          Math.min(VISIBLE_PAGE_BUTTONS, pages),
        );
      }),
    );
  });

  test('the first, the last and the current page are always shown', () => {
    fc.assert(
      fc.property(scenario, ({ current, pages }) => {
        const numbers = numbersOf(pageWindow(current, pages));
        expect(numbers).toContain(1);
        expect(numbers).toContain(pages);
        expect(numbers).toContain(clampPage(current, pages));
      }),
    );
  });

  test('page numbers rise strictly and stay within 1..pages', () => {
    fc.assert(
      fc.property(scenario, ({ current, pages }) => {
        const numbers = numbersOf(pageWindow(current, pages));
        numbers.forEach((page, index) => {
          expect(page).toBeGreaterThanOrEqual(1);
          expect(page).toBeLessThanOrEqual(pages);
          if (index > 0) expect(page).toBeGreaterThan(numbers[index - 1] ?? 0);
        });
      }),
    );
  });

  test('an ellipsis stands exactly where pages are skipped, never at an end', () => {
    fc.assert(
      fc.property(scenario, ({ current, pages }) => {
        const items = pageWindow(current, pages);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(pages);
        for (let index = 1; index < items.length; index += 1) {
          const before = items[index - 1];
          const item = items[index];
          if (item === 'gap') {
            // A gap is followed by a number that is more than one page after the one before it.
            const after = items[index + 1];
            expect(typeof before).toBe('number');
            expect(typeof after).toBe('number');
            expect(Number(after) - Number(before)).toBeGreaterThan(1);
          } else if (typeof before === 'number') {
            expect(Number(item) - before).toBe(1);
          }
        }
      }),
    );
  });

  test('the middle run keeps the current page next to its neighbours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 500 }).chain((total) =>
          fc.record({
            pages: fc.constant(total),
            current: fc.integer({ min: 3, max: total - 2 }),
          }),
        ),
        ({ current, pages }) => {
          const numbers = numbersOf(pageWindow(current, pages));
          expect(numbers).toEqual(expect.arrayContaining([current - 1, current, current + 1]));
        },
      ),
    );
  });
});

describe('isPageChange', () => {
  test('only a whole page within 1..pages other than the current one is a change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (target, current, pages) => {
          const expected = target >= 1 && target <= pages && target !== current;
          expect(isPageChange(target, current, pages)).toBe(expected);
        },
      ),
    );
    expect(isPageChange(1.5, 1, 3)).toBe(false);
  });
});
