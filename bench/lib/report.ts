import type { MachineInfo } from './machine.ts';
import type { Measurement } from './stats.ts';

export type RowKind =
  'reference' | 'list' | 'search-rare' | 'search-common' | 'read' | 'write' | 'sign-in';

export interface Row {
  label: string;
  kind: RowKind;
  /** The first page of a list without a search (the embedded targets are set for these). */
  firstPage?: boolean;
  api?: Measurement;
  /** The floor: the request's statements replayed through node-postgres, prepared as the API sends them. */
  sql?: Measurement;
  /**
   * The same statements behind the thinnest HTTP server (bench/lib/thin-http-server.mjs, decision
   * 184): what any Node API would serve at most.
   */
  thin?: Measurement;
  /**
   * The floor with its named statements pipelined on the API's read lanes (decision 186), as the
   * API runs them; only where every statement is a named read.
   */
  pipelined?: Measurement;
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

export function markdownTable(rows: readonly Row[], health?: Measurement): string {
  const lines = [
    '| endpoint | requests/s | p50 ms | p99 ms | ratio to health | ratio to floor | floor: requests/s, p50, p99 ms (statements) | thin HTTP: requests/s (ratio to floor) | pipelined floor: requests/s (API ratio to it) | floor alone: plan + execution ms | note |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | ---: | --- |',
  ];
  for (const row of rows) {
    const sql = row.sql
      ? `${rps(row.sql)}, ${ms(row.sql.p50)}, ${ms(row.sql.p99)} (${row.statements ?? '?'})`
      : '-';
    const thin = row.thin ? `${rps(row.thin)} (${ratio(row.thin, row.sql)})` : '-';
    const pipelined = row.pipelined
      ? `${rps(row.pipelined)} (${ratio(row.api, row.pipelined)})`
      : '-';
    lines.push(
      `| ${row.label} | ${rps(row.api)} | ${ms(row.api?.p50)} | ${ms(row.api?.p99)} | ${
        row.kind === 'reference' ? '1.00' : ratio(row.api, health)
      } | ${ratio(row.api, row.sql)} | ${sql} | ${thin} | ${pipelined} | ${ms(row.databaseMs)} | ${row.note ?? ''} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The targets of issue 14, checked against what was measured: on PostgreSQL every list and search
 * at least 70% of its floor with a p99 of at most 15 ms (25 ms for a rare-term search); on
 * embedded PGlite every first page at least 1,000 requests/s with a p99 of at most 20 ms. And
 * issue 3's sign-in rate.
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
        target: `${row.label}: >= 70% of its floor`,
        measured:
          m && row.sql ? `${(100 * Number(ratio(m, row.sql))).toFixed(0)}%` : 'not measured',
        met: m && row.sql ? m.requestsPerSecond >= 0.7 * row.sql.requestsPerSecond : null,
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
    if (!row.firstPage) continue;
    checks.push({
      target: `embedded, ${row.label}: >= 1,000 requests/s`,
      measured: row.api ? `${rps(row.api)}/s` : (row.note ?? 'not measured'),
      met: row.api ? row.api.requestsPerSecond >= 1000 : null,
    });
    checks.push({
      target: `embedded, ${row.label}: p99 <= 20 ms`,
      measured: row.api ? `${ms(row.api.p99)} ms` : (row.note ?? 'not measured'),
      met: row.api ? row.api.p99 <= 20 : null,
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

/** A plain-text table for the terminal. */
export function consoleTable(rows: readonly Row[], health?: Measurement): string {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'x health',
    'x floor',
    'floor req/s',
    'thin req/s',
    'pipelined req/s',
    'note',
  ];
  const body = rows.map((row) => [
    row.label,
    rps(row.api),
    ms(row.api?.p50),
    ms(row.api?.p99),
    row.kind === 'reference' ? '1.00' : ratio(row.api, health),
    ratio(row.api, row.sql),
    rps(row.sql),
    rps(row.thin),
    rps(row.pipelined),
    row.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i === 9 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format)].join(
    '\n',
  );
}

export function machineLines(machine: MachineInfo, postgres: string): string {
  return [
    `- CPU: ${machine.cpu}, ${machine.cores} cores available; RAM ${machine.memoryGiB} GiB; ${machine.os}`,
    `- Node ${machine.node}; ${postgres}`,
  ].join('\n');
}
