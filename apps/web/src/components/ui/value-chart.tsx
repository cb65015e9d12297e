import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';

export interface ChartPoint {
  /** The x axis's label of the point, e.g. 'Mar 2025' or 'Ready'. */
  label: string;
  value: number;
}

export interface ValueChartProps {
  title: string;
  points: readonly ChartPoint[];
  /** How a value reads on the axis and over its point, e.g. formatMoney. */
  format: (value: number) => string;
  xTitle: string;
  yTitle: string;
  /** 'line' for a value over time, 'bar' for amounts side by side. */
  kind?: 'line' | 'bar';
  /** Text in place of the chart when there are no points. */
  emptyText?: string;
}

/** The drawing's width until its box is measured (and where ResizeObserver is missing). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 24, right: 16, bottom: 56 };
const TICKS = 4;
/** About how wide a character of the 11 px labels is, in px (digits and capitals of the UI font). */
const CHAR_WIDTH = 6.6;
/** The least room between two labels, in px. */
const GAP = 10;
/** Room for the rotated y-axis title left of the tick labels. */
const Y_TITLE_ROOM = 30;

/**
 * The width of the chart's box in CSS pixels, observed while the drawing is shown: the drawing is
 * laid out in pixels, so its 11 px labels stay 11 px on a phone and on a wide screen, and only as
 * many as fit are drawn.
 */
function useBoxWidth(drawn: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    // Measured before the first paint (a state update in a layout effect is drawn at once), so
    // the drawing never shows at the default width first and then jumps (no layout shift).
    if (box.clientWidth > 0) setWidth(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [drawn]);
  return [ref, width] as const;
}

/**
 * Which points get their label, given each label's width and the distance between two points (all
 * in px): every one while they fit, else every second, third... one, counted back from the last
 * point, so the newest is always labelled and no two labels come closer than GAP.
 */
export function labelledPoints(
  widths: readonly number[],
  slot: number,
): (index: number) => boolean {
  const count = widths.length;
  const fits = (every: number) => {
    for (let index = count - 1 - every; index >= 0; index -= every) {
      const between = ((widths[index] ?? 0) + (widths[index + every] ?? 0)) / 2 + GAP;
      if (slot * every < between) return false;
    }
    return true;
  };
  let every = 1;
  while (every < count && !fits(every)) every++;
  return (index) => (count - 1 - index) % every === 0;
}

/** About how wide `text` is in the 11 px labels, in px. */
const textWidth = (text: string) => text.length * CHAR_WIDTH;

/** A round step for about `TICKS` ticks from 0 to `max`. */
function niceStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10;
  return nice * power;
}

/** Where everything is drawn in a box `width` px wide, and which labels fit. */
function layoutOf(points: readonly ChartPoint[], format: (value: number) => string, width: number) {
  const values = points.map((point) => point.value);
  const step = niceStep(Math.max(...values, 0));
  const top = step * Math.max(1, Math.ceil(Math.max(...values, 0) / step));
  // The tick labels' column is as wide as the widest of them: '$15,000,000' never meets the title.
  const tickValues = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const padLeft = Math.round(
    Y_TITLE_ROOM + Math.max(...tickValues.map((tick) => textWidth(format(tick)))),
  );
  const plotWidth = Math.max(width - padLeft - PAD.right, 1);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(points.length, 1);
  const x = (index: number) => padLeft + slot * index + slot / 2;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const valueLabels = points.map((point) => format(point.value));
  const hasLabel = labelledPoints(
    points.map((point) => textWidth(point.label)),
    slot,
  );
  const hasValue = labelledPoints(valueLabels.map(textWidth), slot);
  // A label near an edge is moved in, so it is never cut by the drawing's edge.
  const within = (index: number, text: string) => {
    const half = textWidth(text) / 2;
    return Math.min(Math.max(x(index), half + 2), width - half - 2);
  };
  return {
    tickValues,
    padLeft,
    plotWidth,
    plotHeight,
    slot,
    x,
    y,
    valueLabels,
    hasLabel,
    hasValue,
    within,
  };
}

/**
 * A small chart of our own in SVG (decision 232): labelled axes, the value over each point, and
 * 'Show as table' for screen readers and keyboard users, who get the same numbers as a table.
 * The drawing is hidden from assistive technology; the figure is named by its title and the
 * table holds the data. No chart library: nothing to load lazily, a few hundred bytes gzipped.
 */
export function ValueChart({
  title,
  points,
  format,
  xTitle,
  yTitle,
  kind = 'line',
  emptyText = 'No data yet.',
}: ValueChartProps) {
  const [asTable, setAsTable] = useState(false);
  const [box, width] = useBoxWidth(points.length > 0 && !asTable);
  const id = useId();
  const titleId = `${id}-title`;

  return (
    <figure aria-labelledby={titleId} className="min-w-0">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-oak-900">
          {title}
        </h3>
        {points.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            Show as table
          </Button>
        ) : null}
      </div>
      {points.length === 0 ? (
        <p className="rounded-xl border border-cream-300 bg-white p-4 text-sm text-oak-700">
          {emptyText}
        </p>
      ) : asTable ? (
        <ValueTable title={title} points={points} format={format} xTitle={xTitle} yTitle={yTitle} />
      ) : (
        <div className="rounded-xl border border-cream-300 bg-white p-2">
          <div ref={box}>
            <ValueDrawing
              points={points}
              format={format}
              xTitle={xTitle}
              yTitle={yTitle}
              kind={kind}
              width={width}
            />
          </div>
        </div>
      )}
    </figure>
  );
}

type ChartContent = Pick<ValueChartProps, 'points' | 'format' | 'xTitle' | 'yTitle'>;

/** The same numbers as a table: 'Show as table'. */
function ValueTable({ title, points, format, xTitle, yTitle }: ChartContent & { title: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-cream-300 bg-white">
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="bg-cream-100 text-left text-oak-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {xTitle}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {yTitle}
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label} className="border-t border-cream-200">
              <th scope="row" className="px-3 py-1.5 text-left font-normal text-oak-900">
                {point.label}
              </th>
              <td className="px-3 py-1.5 text-right text-oak-900 tabular-nums">
                {format(point.value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The drawing, hidden from assistive technology (the table holds the data). */
function ValueDrawing({
  points,
  format,
  xTitle,
  yTitle,
  kind,
  width,
}: ChartContent & { kind: 'line' | 'bar'; width: number }) {
  const {
    tickValues,
    padLeft,
    plotWidth,
    plotHeight,
    slot,
    x,
    y,
    valueLabels,
    hasLabel,
    hasValue,
    within,
  } = layoutOf(points, format, width);
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      className="h-auto w-full"
      aria-hidden="true"
      focusable="false"
    >
      {tickValues.map((tick) => (
        <g key={tick}>
          <line
            x1={padLeft}
            x2={width - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke="#eadbb5"
            strokeWidth={1}
          />
          <text x={padLeft - 8} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#4a3720">
            {format(tick)}
          </text>
        </g>
      ))}
      <line x1={padLeft} x2={padLeft} y1={PAD.top} y2={PAD.top + plotHeight} stroke="#4a3720" />
      <line
        x1={padLeft}
        x2={width - PAD.right}
        y1={PAD.top + plotHeight}
        y2={PAD.top + plotHeight}
        stroke="#4a3720"
      />
      {kind === 'bar' ? (
        points.map((point, index) => (
          <rect
            key={point.label}
            x={x(index) - Math.min(slot * 0.35, 28)}
            width={Math.min(slot * 0.7, 56)}
            y={y(point.value)}
            height={PAD.top + plotHeight - y(point.value)}
            rx={3}
            fill="#c0922e"
          />
        ))
      ) : (
        <polyline
          fill="none"
          stroke="#a37a22"
          strokeWidth={2.5}
          points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
        />
      )}
      {kind === 'line'
        ? points.map((point, index) => (
            <circle key={point.label} cx={x(index)} cy={y(point.value)} r={3.5} fill="#7f5e1b" />
          ))
        : null}
      {points.map((point, index) =>
        hasValue(index) ? (
          <text
            key={point.label}
            x={within(index, valueLabels[index] ?? '')}
            y={y(point.value) - 8}
            textAnchor="middle"
            fontSize={11}
            fontWeight={600}
            fill="#2b1f10"
          >
            {valueLabels[index]}
          </text>
        ) : null,
      )}
      {points.map((point, index) =>
        hasLabel(index) ? (
          <text
            key={point.label}
            x={within(index, point.label)}
            y={PAD.top + plotHeight + 16}
            textAnchor="middle"
            fontSize={11}
            fill="#4a3720"
          >
            {point.label}
          </text>
        ) : null,
      )}
      <text
        x={padLeft + plotWidth / 2}
        y={HEIGHT - 8}
        textAnchor="middle"
        fontSize={12}
        fontWeight={600}
        fill="#2b1f10"
      >
        {xTitle}
      </text>
      <text
        transform={`translate(14 ${PAD.top + plotHeight / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={12}
        fontWeight={600}
        fill="#2b1f10"
      >
        {yTitle}
      </text>
    </svg>
  );
}
