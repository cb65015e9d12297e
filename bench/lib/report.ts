import type { Issue46Run } from '../issue46.ts';
import type { MachineInfo } from './machine.ts';
import type { StartFloor, StartFloorRun } from './start-floor.ts';
import { median, type Measurement } from './stats.ts';

export type RowKind =
  'reference' | 'list' | 'search-rare' | 'search-common' | 'palette' | 'read' | 'write' | 'sign-in';

export interface Row {
  label: string;
  kind: RowKind;
  api?: Measurement;
  /** The floor: the request's statements replayed through node-postgres, prepared as the API sends them. */
  sql?: Measurement;
  /** How many statements one request runs (the floor replays all of them). */
  statements?: number;
  /** Planning plus execution time of those statements in one EXPLAIN ANALYZE, in ms. */
  databaseMs?: number;
  /** Why there is no number (endpoint missing, failed requests...). */
  note?: string;
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean | null;
}

const rps = (m?: Measurement) => (m ? m.requestsPerSecond.toFixed(0) : '-');
const ms = (value?: number) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(2);
const ratio = (a?: Measurement, b?: Measurement) =>
  a && b && b.requestsPerSecond > 0 ? (a.requestsPerSecond / b.requestsPerSecond).toFixed(2) : '-';

function cells(row: Row, health?: Measurement): string[] {
  return [
    row.label,
    rps(row.api),
    ms(row.api?.p50),
    ms(row.api?.p99),
    row.kind === 'reference' ? '1.00' : ratio(row.api, health),
    rps(row.sql),
    ratio(row.api, row.sql),
    row.statements === undefined ? '-' : String(row.statements),
    ms(row.databaseMs),
    row.note ?? '',
  ];
}

export function markdownTable(rows: readonly Row[], health?: Measurement): string {
  return [
    '| endpoint | requests/s | p50 ms | p99 ms | ratio to health | floor requests/s | ratio to floor | statements | database ms | note |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((row) => `| ${cells(row, health).join(' | ')} |`),
  ].join('\n');
}

/** A plain-text table for the terminal. */
export function consoleTable(rows: readonly Row[], health?: Measurement): string {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'x health',
    'floor req/s',
    'x floor',
    'stmts',
    'db ms',
    'note',
  ];
  const body = rows.map((row) => cells(row, health));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const last = header.length - 1;
  const format = (line: string[]) =>
    line
      .map((cell, i) =>
        i === 0 || i === last ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format)].join(
    '\n',
  );
}

/**
 * The targets of issue 26, checked against what was measured: on PostgreSQL every list and search
 * with a p99 of at most 15 ms (25 ms for a rare-term search) and at least 55% of its floor, the
 * sign-in at least 80/s and the customer update's p99 at most 30 ms; the command palette's search
 * (issue 31) with a p99 of at most 100 ms; on embedded PGlite every list
 * (a page or a filter, not a search) at least 3,000 requests/s.
 */
export function checkTargets(rows: readonly Row[], embedded: readonly Row[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const row of rows) {
    const m = row.api;
    if (row.kind === 'list' || row.kind === 'search-rare' || row.kind === 'search-common') {
      const limit = row.kind === 'search-rare' ? 25 : 15;
      checks.push({
        target: `${row.label}: p99 <= ${limit} ms`,
        measured: m ? `${ms(m.p99)} ms` : (row.note ?? 'not measured'),
        met: m ? m.p99 <= limit : null,
      });
      checks.push({
        target: `${row.label}: >= 55% of its floor`,
        measured:
          m && row.sql ? `${(100 * Number(ratio(m, row.sql))).toFixed(0)}%` : 'not measured',
        met: m && row.sql ? m.requestsPerSecond >= 0.55 * row.sql.requestsPerSecond : null,
      });
    }
    if (row.kind === 'palette') {
      // Issue 31: the command palette's results come back within 100 ms at 1M customers.
      checks.push({
        target: `${row.label}: p99 <= 100 ms`,
        measured: m ? `${ms(m.p99)} ms` : (row.note ?? 'not measured'),
        met: m ? m.p99 <= 100 : null,
      });
    }
    if (row.kind === 'write') {
      checks.push({
        target: `${row.label}: p99 <= 30 ms`,
        measured: m ? `${ms(m.p99)} ms` : (row.note ?? 'not measured'),
        met: m ? m.p99 <= 30 : null,
      });
    }
    if (row.kind === 'sign-in') {
      checks.push({
        target: `${row.label}: >= 80 sign-ins/s (argon2id, OWASP parameters)`,
        measured: m ? `${rps(m)}/s` : (row.note ?? 'not measured'),
        met: m ? m.requestsPerSecond >= 80 : null,
      });
    }
  }
  for (const row of embedded) {
    if (row.kind !== 'list') continue;
    checks.push({
      target: `embedded, ${row.label}: >= 3,000 requests/s`,
      measured: row.api ? `${rps(row.api)}/s` : (row.note ?? 'not measured'),
      met: row.api ? row.api.requestsPerSecond >= 3000 : null,
    });
  }
  return checks;
}

export function markdownChecks(checks: readonly TargetCheck[]): string {
  const lines = ['| target | measured | met |', '| --- | --- | --- |'];
  for (const check of checks) {
    lines.push(
      `| ${check.target} | ${check.measured} | ${check.met === null ? 'n/a' : check.met ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}

export function machineLines(machine: MachineInfo, postgres: string): string {
  return [
    `- CPU: ${machine.cpu}, ${machine.cores} cores available; RAM ${machine.memoryGiB} GiB; ${machine.os}`,
    `- Node ${machine.node}; ${postgres}`,
  ].join('\n');
}

/** One endpoint's numbers as an earlier report printed them (its columns found by their names). */
interface PrintedRow {
  requestsPerSecond: string;
  p99: string;
  ratioToFloor: string;
}

/** The tables under the `## ` headings that start with `heading` in a report of this bench. */
function printedRows(report: string, heading: string): Map<string, PrintedRow> {
  const rows = new Map<string, PrintedRow>();
  const section = report.split(/^## /m).find((part) => part.startsWith(heading));
  if (section === undefined) return rows;
  let columns: string[] | null = null;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      columns = null;
      continue;
    }
    const row = line
      .slice(1, line.lastIndexOf('|'))
      .split('|')
      .map((cell) => cell.trim());
    if (columns === null) {
      columns = row;
    } else if (!row[0]?.startsWith('---')) {
      const at = (name: string) => row[columns?.indexOf(name) ?? -1] ?? '-';
      rows.set(row[0] ?? '', {
        requestsPerSecond: at('requests/s'),
        p99: at('p99 ms'),
        ratioToFloor: at('ratio to floor'),
      });
    }
  }
  return rows;
}

function sideBySide(before: Map<string, PrintedRow>, after: readonly Row[]): string {
  const lines = [
    '| endpoint | requests/s before | after | p99 ms before | after | ratio to floor before | after |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of after) {
    const earlier = before.get(row.label);
    if (!earlier) continue;
    lines.push(
      `| ${row.label} | ${earlier.requestsPerSecond} | ${rps(row.api)} | ${earlier.p99} | ${ms(row.api?.p99)} | ${earlier.ratioToFloor} | ${ratio(row.api, row.sql)} |`,
    );
  }
  return lines.length > 2 ? lines.join('\n') : 'No endpoint of this run has a row there.';
}

/**
 * The section "Before the change" (BENCH_BEFORE): this run's numbers beside an earlier report's,
 * endpoint by endpoint where the labels match, then that report as it was written, one heading
 * level down. Its link to its plans is left out: the plans next to this report are this run's.
 */
export function beforeSection(
  report: string,
  source: string,
  after: { server: readonly Row[]; embedded: readonly Row[] },
): string {
  const body = report
    .split('\n')
    .filter((line) => !line.startsWith('# ') && !line.includes('plans-latest.md'))
    .map((line) => (line.startsWith('#') ? `#${line}` : line))
    .join('\n')
    .trim();
  return [
    '## Before the change',
    '',
    `The report of the run before the change (${source}), beside this run's numbers.`,
    '',
    '### PostgreSQL server, side by side',
    '',
    sideBySide(printedRows(report, 'PostgreSQL server'), after.server),
    '',
    ...(after.embedded.length > 0
      ? [
          '### Embedded PGlite, side by side',
          '',
          sideBySide(printedRows(report, 'Embedded PGlite'), after.embedded),
          '',
        ]
      : []),
    body,
    '',
  ].join('\n');
}

/** One row of issue 46 as bench/issue46.ts measured it, each run of each checkout in turn. */
interface Issue46Printable {
  label: string;
  target: string;
  runs: readonly Issue46Run[];
  met: boolean | null;
}

interface RestartPrintable {
  label: string;
  target: string;
  readyMs: Record<'before' | 'after', readonly number[]>;
  printed: Record<'before' | 'after', readonly string[]>;
  /** The phases each start logged ('start-up timings': ms from the process's start). */
  phases?: Record<'before' | 'after', readonly Readonly<Record<string, number>>[]>;
  floor?: StartFloor;
  met: boolean | null;
}

const metCell = (met: boolean | null) => (met === null ? 'n/a' : met ? 'yes' : '**no**');
const seconds = (values: readonly number[], pick: (sorted: number[]) => number | undefined) => {
  if (values.length === 0) return '-';
  const value = pick([...values].sort((a, b) => a - b));
  return value === undefined ? '-' : (value / 1000).toFixed(2);
};

/**
 * Issue 46's tables (BENCH_ONLY=issue46): for each row its numbers before and after, each run in
 * the order measured (before, after, before, after...), separated by " / "; the target is checked
 * on every run of this checkout. The restarts: the median and the longest from spawn to /api/ready, and what the server printed;
 * then the phases of the starts and the floor under the PostgreSQL one (restartPhases).
 */
export function issue46Tables(
  rows: readonly Issue46Printable[],
  restarts: readonly RestartPrintable[],
): string {
  const each = (
    row: Issue46Printable,
    checkout: 'before' | 'after',
    cell: (run: Issue46Printable['runs'][number]) => string,
  ) => {
    const runs = row.runs.filter((run) => run.checkout === checkout);
    return runs.length === 0 ? '-' : runs.map(cell).join(' / ');
  };
  const count = (value?: number) => (value === undefined ? '?' : String(value));
  // "7 (1 + 6)": the authentication's look-up of the admin, then the rest of the request.
  const trips = (run: Issue46Printable['runs'][number]) =>
    run.roundTrips === undefined
      ? '?'
      : `${run.roundTrips} (${run.lookUpRoundTrips ?? 0} + ${run.roundTrips - (run.lookUpRoundTrips ?? 0)})`;
  const lines = [
    '| row | requests/s before | after | p50 ms before | after | p99 ms before | after | statements before | after | round trips (look-up + rest) before | after | target | met (after) | note |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
  ];
  for (const row of rows) {
    const both = (cell: (run: Issue46Printable['runs'][number]) => string) =>
      `${each(row, 'before', cell)} | ${each(row, 'after', cell)}`;
    // Each note names its checkout: "before: 9 failed (HTTP 500)".
    const notes = row.runs.flatMap((run) => (run.note ? [`${run.checkout}: ${run.note}`] : []));
    lines.push(
      `| ${row.label} | ${both((run) => rps(run.api))} | ${both((run) => ms(run.api?.p50))} | ${both((run) => ms(run.api?.p99))} | ${both((run) => count(run.statements))} | ${both(trips)} | ${row.target} | ${metCell(row.met)} | ${notes.join('; ')} |`,
    );
  }
  lines.push(
    '',
    '| restart | median s before | after | longest s before | after | "Ready in" printed before | after | target | met (after) |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- |',
  );
  for (const row of restarts) {
    const printed = (values: readonly string[]) => (values.length === 0 ? '-' : values.join(', '));
    lines.push(
      `| ${row.label} | ${seconds(row.readyMs.before, median)} | ${seconds(row.readyMs.after, median)} | ${seconds(row.readyMs.before, (s) => s.at(-1))} | ${seconds(row.readyMs.after, (s) => s.at(-1))} | ${printed(row.printed.before)} | ${printed(row.printed.after)} | ${row.target} | ${metCell(row.met)} |`,
    );
  }
  return [...lines, ...restartPhases(restarts)].join('\n');
}

/**
 * The restarts' phases as the server logged them (server.ts 'start-up timings', each phase's end
 * in ms from the process's start), the median of each over a checkout's restarts; then, under
 * the PostgreSQL restart, its floor (lib/start-floor.ts) beside the restart's own numbers.
 */
function restartPhases(restarts: readonly RestartPrintable[]): string[] {
  const columns = restarts.flatMap((row) =>
    (['before', 'after'] as const).flatMap((checkout) => {
      const runs = row.phases?.[checkout] ?? [];
      return runs.length === 0
        ? []
        : [
            {
              name: `${row.label.split(', ').at(-1)} ${checkout}`,
              runs,
              ready: row.readyMs[checkout],
            },
          ];
    }),
  );
  const lines: string[] = [];
  if (columns.length > 0) {
    const phaseMedian = (runs: (typeof columns)[number]['runs'], phase: string) => {
      const values = runs.flatMap((run) => (run[phase] === undefined ? [] : [run[phase]]));
      return values.length === 0 ? undefined : median(values);
    };
    const last = columns.at(-1);
    const names = [...new Set(columns.flatMap((column) => column.runs.flatMap(Object.keys)))];
    // In the order of the last column's medians (PostgreSQL's, this checkout's).
    names.sort(
      (a, b) =>
        (phaseMedian(last?.runs ?? [], a) ?? Infinity) -
        (phaseMedian(last?.runs ?? [], b) ?? Infinity),
    );
    const cell = (value?: number) => (value === undefined ? '-' : value.toFixed(0));
    lines.push(
      '',
      `Each restart's phases as the server logged them ('start-up timings', apps/api/src/server.ts): when each ended, in ms from the process's start, the median over the restarts (${columns.map((column) => `${column.name}: ${column.runs.length}`).join(', ')}). The migrations and the app's build run side by side, so their order may vary; the last row is the bench's own clock, from just before the spawn.`,
      '',
      `| phase, ms from the process's start (median) | ${columns.map((column) => column.name).join(' | ')} |`,
      `| --- | ${columns.map(() => '---:').join(' | ')} |`,
      ...names.map(
        (name) =>
          `| ${name} | ${columns.map((column) => cell(phaseMedian(column.runs, name))).join(' | ')} |`,
      ),
      `| spawn to /api/ready (the restart row's) | ${columns.map((column) => cell(column.ready.length === 0 ? undefined : median(column.ready))).join(' | ')} |`,
    );
  }
  for (const row of restarts) {
    const floor = row.floor;
    if (!floor || floor.bundle.length === 0) continue;
    const at = (runs: readonly StartFloorRun[], key: keyof StartFloorRun) =>
      median(runs.map((run) => run[key])).toFixed(0);
    const own = row.phases?.after ?? [];
    const ownPhase = (phase: string) => {
      const values = own.flatMap((run) => (run[phase] === undefined ? [] : [run[phase]]));
      return values.length === 0 ? '-' : median(values).toFixed(0);
    };
    lines.push(
      '',
      `The floor under the ${row.label.split(', ').at(-1)} restart (bench/lib/start-floor.ts), measured after each restart of this checkout (${floor.bundle.length} runs, medians): node started as the server is (its own session, NODE_ENV=production), importing what the bundle imports (apps/api/dist/server.js's ${floor.staticImports} static imports, or none), then what it opens PostgreSQL with (pg, drizzle-orm/node-postgres, pg-copy-streams), and opening one connection to the restart's database, as the API's pools do; no migrations, no app, no listening. The first line is the machine's floor for any node process on PostgreSQL; the second adds the packages the bundle imports before its own code runs; what the restart takes beyond the second is the API's own: its bundle's code, the migrations' check, the app's build, listening and the first /api/ready.`,
      '',
      "| start on PostgreSQL, ms (median) | imports loaded, from the process's start | connected (floor) or ready (restart), from the process's start | from just before the spawn to connected or /api/ready |",
      '| --- | ---: | ---: | ---: |',
      `| floor: node, pg, one connection | ${at(floor.bare, 'importedMs')} | ${at(floor.bare, 'connectedMs')} | ${at(floor.bare, 'spawnToConnectedMs')} |`,
      `| floor: node, the bundle's ${floor.staticImports} static imports, pg, one connection | ${at(floor.bundle, 'importedMs')} | ${at(floor.bundle, 'connectedMs')} | ${at(floor.bundle, 'spawnToConnectedMs')} |`,
      `| the restart (this checkout): 'modules loaded', 'ready' | ${ownPhase('modules loaded')} | ${ownPhase('ready')} | ${row.readyMs.after.length === 0 ? '-' : median(row.readyMs.after).toFixed(0)} |`,
    );
  }
  return lines;
}
