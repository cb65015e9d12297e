import { expect } from 'vitest';
import type { TestContext } from './app.ts';

// The Prometheus metrics listener (METRICS_PORT) as a scraper reads it.

/** One scrape of the app's metrics listener; expects 200 in Prometheus' text format. */
export async function scrapeMetrics(ctx: Pick<TestContext, 'app'>): Promise<string> {
  const url = ctx.app.metrics.url;
  if (!url) throw new Error('no metrics listener');
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one series of a scrape (name and exact label set), 0 when it is not there yet. */
export function metricValue(
  scrape: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = Object.entries(labels)
    .map(([key, label]) => `${key}="${label}"`)
    .sort();
  for (const line of scrape.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = (match[2] ?? '').split(',').filter(Boolean).sort();
    if (got.join(',') === wanted.join(',')) return Number(match[3]);
  }
  return 0;
}
