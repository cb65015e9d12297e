import type { RunningApi } from './api-server.ts';
import { sampledWhile } from './memory.ts';

/**
 * Issue 29's bench row: the whole customer list exported as CSV (POST /api/exports/users, then
 * its download link), read as fast as the client takes it. Rows per second, and the API's
 * resident memory (VmRSS in /proc) sampled every 20 ms during the export, against the idle
 * process just before. Targets: at least 100,000 rows/s, and less than 50 MB of growth.
 */
export interface ExportMeasurement {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

export const EXPORT_TARGETS = { rowsPerSecond: 100_000, rssGrowthMb: 50 } as const;

export async function measureExport(
  api: RunningApi,
  headers: Record<string, string>,
  list = 'users',
): Promise<ExportMeasurement> {
  const asked = await fetch(`${api.baseUrl}/api/exports/${list}`, { method: 'POST', headers });
  if (asked.status !== 201) throw new Error(`POST /api/exports/${list} answered ${asked.status}`);
  const { data } = (await asked.json()) as { data: { export: { url: string } } };
  let rows = -1; // the header line is no row
  let bytes = 0;
  const { seconds, rssBeforeMb, rssPeakMb } = await sampledWhile(api.pid, async () => {
    const response = await fetch(`${api.baseUrl}/api${data.export.url}`);
    if (response.status !== 200 || !response.body) {
      throw new Error(`the download answered ${response.status}`);
    }
    // Read as it comes, never held: count the line ends (CRLF; no exported cell holds one here).
    // Buffer's indexOf (native), not a loop over every byte: the client shares the two cores.
    for await (const chunk of response.body) {
      const read = chunk as Uint8Array;
      const bytesRead = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
      bytes += bytesRead.byteLength;
      for (let at = bytesRead.indexOf(10); at !== -1; at = bytesRead.indexOf(10, at + 1)) rows += 1;
    }
  });
  return {
    rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    rssBeforeMb,
    rssPeakMb,
    rssGrowthMb: rssPeakMb - rssBeforeMb,
  };
}

/** The report's section for the export row. */
export function exportSection(measurement: ExportMeasurement | null, customers: number): string {
  if (measurement === null) return '';
  const m = measurement;
  const fastEnough = m.rowsPerSecond >= EXPORT_TARGETS.rowsPerSecond;
  const flat = m.rssGrowthMb < EXPORT_TARGETS.rssGrowthMb;
  return [
    `## Export (issue 29): the whole customer list as CSV, ${customers.toLocaleString('en-US')} customers`,
    '',
    '| rows | MB | seconds | rows/s | API RSS before (MB) | peak (MB) | growth (MB) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${m.rows.toLocaleString('en-US')} | ${(m.bytes / 1024 / 1024).toFixed(1)} | ${m.seconds.toFixed(2)} | ${Math.round(m.rowsPerSecond).toLocaleString('en-US')} | ${m.rssBeforeMb.toFixed(1)} | ${m.rssPeakMb.toFixed(1)} | ${m.rssGrowthMb.toFixed(1)} |`,
    '',
    `- ${fastEnough ? 'met' : 'NOT met'}: at least ${EXPORT_TARGETS.rowsPerSecond.toLocaleString('en-US')} rows/s (${Math.round(m.rowsPerSecond).toLocaleString('en-US')}).`,
    `- ${flat ? 'met' : 'NOT met'}: the API's resident memory grows by less than ${EXPORT_TARGETS.rssGrowthMb} MB (${m.rssGrowthMb.toFixed(1)} MB).`,
    '',
  ].join('\n');
}

export function exportLine(m: ExportMeasurement): string {
  return `  export users: ${m.rows} rows in ${m.seconds.toFixed(2)} s, ${Math.round(m.rowsPerSecond)} rows/s, API RSS +${m.rssGrowthMb.toFixed(1)} MB (peak ${m.rssPeakMb.toFixed(1)} MB)`;
}
