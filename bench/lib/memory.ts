import { readFileSync } from 'node:fs';

/** The process's resident memory in MB (Linux), or NaN where /proc cannot tell. */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs `work` (a request to the API and the reading of its answer), timed, with the API process's
 * resident memory sampled every 20 ms while it runs and once after: its value before and its peak.
 */
export async function sampledWhile<T>(
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; rssBeforeMb: number; rssPeakMb: number }> {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sample = () => {
    const now = rssMb(pid);
    if (now > rssPeakMb) rssPeakMb = now;
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  return { result, seconds, rssBeforeMb, rssPeakMb };
}
