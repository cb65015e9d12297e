/** What one measured endpoint or SQL reference gave. Latencies in milliseconds. */
export interface Measurement {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and transport errors; a run with either is not a valid number. */
  failures: number;
  /** The first status (or error text) that was not a success, to say why. */
  firstFailure?: string;
}

/**
 * Nearest-rank percentile over raw samples. autocannon's own histogram keeps whole milliseconds,
 * which hides a 0.4 ms p50; the raw response times keep the fraction.
 */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarise(
  latencies: number[],
  seconds: number,
  failures: number,
  firstFailure?: string,
): Measurement {
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    requests: sorted.length,
    seconds,
    requestsPerSecond: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    failures,
    ...(firstFailure === undefined ? {} : { firstFailure }),
  };
}

/** The middle value (the mean of the two middle ones of an even count). */
export function median(values: readonly number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}
