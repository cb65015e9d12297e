import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { labelledPoints, ValueChart } from './value-chart.tsx';

const labelled = (widths: readonly number[], slot: number) => {
  const has = labelledPoints(widths, slot);
  return widths.map((_, index) => index).filter(has);
};

test('every label is drawn while they fit between their points', () => {
  expect(labelled([33, 53, 66], 73)).toEqual([0, 1, 2]);
  expect(labelled([30, 30, 30, 30], 40)).toEqual([0, 1, 2, 3]);
});

test('labels that would meet are thinned from the newest point back, evenly', () => {
  // 50 px labels 40 px apart: every second one, the last always among them.
  expect(
    labelled(
      Array.from({ length: 12 }, () => 50),
      40,
    ),
  ).toEqual([1, 3, 5, 7, 9, 11]);
  // 100 px labels 30 px apart: every fourth.
  expect(
    labelled(
      Array.from({ length: 9 }, () => 100),
      30,
    ),
  ).toEqual([0, 4, 8]);
  // One label that does not fit anywhere is still drawn alone.
  expect(labelled([500], 10)).toEqual([0]);
});

test('a year of months draws the newest month and no two neighbours', () => {
  const months = [
    'Dec',
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
  ];
  const points = months.map((month, index) => ({
    label: `${month} 2026`,
    value: 1_000_000 * index,
  }));
  const { container } = render(
    <ValueChart
      title="Portfolio value"
      points={points}
      format={(value) => `$${value.toLocaleString('en-US')}`}
      xTitle="Month"
      yTitle="Value"
    />,
  );
  const texts = [...container.querySelectorAll('svg text')].map((text) => text.textContent);
  const drawn = points.map((point) => texts.includes(point.label));
  expect(drawn.at(-1)).toBe(true);
  drawn.forEach((shown, index) => {
    if (shown && index > 0) expect(drawn[index - 1]).toBe(false);
  });
});
