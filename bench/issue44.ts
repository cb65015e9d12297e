/**
 * `BENCH_ONLY=issue44 npm run bench` (issue 44, decisions 404 and 405): 'Import valuations' with
 * a file of 10,000 valuations, one a cask, previewed (twice: cold, then warm) and then applied
 * through the real API, each with its time and the API's resident memory (VmRSS in /proc, sampled
 * every 20 ms) against the idle process just before. Targets: the preview under 2 s, each under 100 MB of growth; the
 * apply's time is reported (one transaction, set-based, decision 405).
 *
 * On embedded PGlite by default (BENCH_ISSUE44_DIR, seeded with BENCH_ISSUE44_CUSTOMERS
 * customers: a third as many casks), or on PostgreSQL with BENCH_ISSUE44_DATABASE_URL. Each run
 * imports new values (a cent more than the last run's), so a run on a reused database records
 * all its rows again.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../apps/api/src/db/client.ts';
import { signAccessToken } from '../apps/api/src/lib/tokens.ts';
import { repoRoot, startApi, type RunningApi } from './lib/api-server.ts';
import { ensureBenchAdmin, prepareDatabase } from './lib/database.ts';
import { sampledWhile } from './lib/memory.ts';

export const ISSUE44_TARGETS = { previewSeconds: 2, rssGrowthMb: 100 } as const;
export const ISSUE44_ROWS = 10_000;

export interface ImportMeasurement {
  label: string;
  status: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  answer: string;
}

/** One multipart POST of the file, timed, with the API's memory sampled while it runs. */
async function measurePost(
  api: RunningApi,
  label: string,
  url: string,
  file: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
): Promise<ImportMeasurement & { body: unknown }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file], { type: 'text/csv' }), 'valuations.csv');
  const { result, seconds, rssBeforeMb, rssPeakMb } = await sampledWhile(api.pid, async () => {
    const response = await fetch(`${api.baseUrl}${url}`, { method: 'POST', headers, body: form });
    const body = (await response.json()) as { message?: string; data?: unknown };
    return { response, body };
  });
  const { response, body } = result;
  return {
    label,
    status: response.status,
    seconds,
    rssBeforeMb,
    rssPeakMb,
    rssGrowthMb: rssPeakMb - rssBeforeMb,
    answer: body.message ?? '',
    body: body.data,
  };
}

/** The file: one row a cask (cask_id), dated today, its current value plus a cent. */
async function valuationsFile(where: { url: string } | { dataDir: string }): Promise<string> {
  const database = await openDatabase(
    'url' in where ? { url: where.url, dataDir: 'unused' } : { dataDir: where.dataDir },
  );
  try {
    const casks = rowsOf<{ id: string; value: string }>(
      await database.db.execute(sql`
        select id, (coalesce(current_value, 1000) + 0.01)::text as value from casks
        where deleted_at is null order by id limit ${ISSUE44_ROWS}`),
    );
    if (casks.length < ISSUE44_ROWS) {
      throw new Error(
        `issue 44's row needs ${ISSUE44_ROWS} casks, the database has ${casks.length}: seed more customers (3 a cask)`,
      );
    }
    const today = new Date().toISOString().slice(0, 10);
    return [
      'cask_id,date,value,source,note',
      ...casks.map((cask) => `${cask.id},${today},${cask.value},Internal model,bench`),
    ].join('\n');
  } finally {
    await database.close();
  }
}

export async function benchIssue44(log: (line: string) => void): Promise<string> {
  const url = process.env.BENCH_ISSUE44_DATABASE_URL || null;
  const customers = Number(process.env.BENCH_ISSUE44_CUSTOMERS || 3 * ISSUE44_ROWS);
  const where = url
    ? { url }
    : {
        dataDir: process.env.BENCH_ISSUE44_DIR || path.join(repoRoot, 'bench/.tmp/pglite-issue44'),
      };
  log(`Issue 44 on ${url ? 'PostgreSQL' : 'embedded PGlite'}: ${customers} customers`);
  await prepareDatabase(where, customers, 42, log);
  const adminId = await ensureBenchAdmin(where);
  const file = await valuationsFile(where);
  const api = await startApi(where);
  try {
    const headers = {
      authorization: `Bearer ${await signAccessToken(api.jwtSecret, { adminId, tokenVersion: 0 })}`,
    };
    // The first request of a fresh process runs cold (its code not compiled yet, the database's
    // caches empty); the same preview again shows the warm cost. Both are reported.
    const previews: (ImportMeasurement & { body: unknown })[] = [];
    for (const when of ['first, cold', 'again, warm']) {
      const preview = await measurePost(
        api,
        `Preview of ${ISSUE44_ROWS.toLocaleString('en-US')} valuations (${when})`,
        '/api/casks/valuation-imports/preview',
        file,
        { dateOrder: 'iso' },
        headers,
      );
      const shown = preview.body as { toRecord?: number } | undefined;
      preview.answer = `${shown?.toRecord ?? '?'} to record`;
      log(`  preview (${when}): ${preview.status} in ${preview.seconds.toFixed(2)} s`);
      previews.push(preview);
    }
    const data = previews.at(-1)?.body as { previewToken?: string } | undefined;
    const apply = await measurePost(
      api,
      `Apply of ${ISSUE44_ROWS.toLocaleString('en-US')} valuations`,
      '/api/casks/valuation-imports',
      file,
      { dateOrder: 'iso', previewToken: data?.previewToken ?? '' },
      headers,
    );
    log(`  apply: ${apply.status} in ${apply.seconds.toFixed(2)} s (${apply.answer})`);
    return issue44Table([...previews, apply], url ? 'PostgreSQL' : 'embedded PGlite', customers);
  } finally {
    await api.stop();
  }
}

function issue44Table(rows: ImportMeasurement[], engine: string, customers: number): string {
  const mb = (value: number) => (Number.isNaN(value) ? '?' : value.toFixed(0));
  const verdict = (row: ImportMeasurement) => {
    const memory = row.rssGrowthMb < ISSUE44_TARGETS.rssGrowthMb;
    const time = !row.label.startsWith('Preview') || row.seconds < ISSUE44_TARGETS.previewSeconds;
    return memory && time ? 'met' : 'NOT met';
  };
  return [
    `${engine}, ${customers.toLocaleString('en-US')} customers (${Math.floor(customers / 3).toLocaleString('en-US')} casks); the file: ${ISSUE44_ROWS.toLocaleString('en-US')} rows by cask_id, one a cask, dated today.`,
    '',
    '| Row | Status | Seconds | RSS before (MB) | RSS peak (MB) | Growth (MB) | Answer | Target (preview < 2 s; growth < 100 MB) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.status} | ${row.seconds.toFixed(2)} | ${mb(row.rssBeforeMb)} | ${mb(row.rssPeakMb)} | ${mb(row.rssGrowthMb)} | ${row.answer} | ${verdict(row)} |`,
    ),
  ].join('\n');
}
