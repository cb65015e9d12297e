import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarise, type Measurement } from './stats.ts';
import type { LoadOptions, LoadTarget } from './load.ts';

/** h2load is in Debian's `nghttp2-client` package; the bench falls back to autocannon without it. */
export function h2loadAvailable(): boolean {
  return spawnSync('h2load', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/**
 * h2load sends one body for the whole run, so a target that needs a different body per request
 * (a write that must change something every time) goes through autocannon (decision 179).
 */
export function h2loadCanDrive(target: LoadTarget): boolean {
  return target.bodies === undefined;
}

/** Its summary's "finished in 5.00s" (or "500.12ms"): how long the measured run took. */
function measuredSeconds(output: string): number {
  const match = /finished in ([\d.]+)(ms|s),/.exec(output);
  if (!match) throw new Error(`h2load printed no summary:\n${output}`);
  return Number(match[1]) / (match[2] === 'ms' ? 1000 : 1);
}

/** Requests that got no answer at all (refused, reset, timed out): its "N failed". */
function transportFailures(output: string): number {
  return Number(/requests: .*?(\d+) failed/.exec(output)?.[1] ?? 0);
}

/**
 * One timed run of h2load over HTTP/1.1 (one thread, `connections` keep-alive connections): a C
 * load generator with a small CPU cost per request. Latencies are read from its per-request log
 * (`--log-file`: start, status, microseconds to the end of the answer), so p50 and p99 are exact
 * percentiles of every answer (docs/decisions/179). Success is a 2xx answer.
 */
export async function runH2load(
  target: LoadTarget,
  options: LoadOptions,
  seconds: number,
  record: boolean,
): Promise<Measurement> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-h2load-'));
  const log = path.join(dir, 'requests.tsv');
  const headers: Record<string, string> = { ...target.headers };
  const args = ['--h1', '-t', '1', '-c', String(options.connections)];
  args.push('-D', String(Math.max(1, Math.round(seconds))));
  if (target.method !== 'GET') headers[':method'] = target.method;
  if (target.body !== undefined) {
    const file = path.join(dir, 'body.json');
    writeFileSync(file, JSON.stringify(target.body));
    headers['content-type'] = 'application/json';
    args.push('-d', file);
  }
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (record) args.push('--log-file', log);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('h2load', [...args, options.baseUrl + target.path], {
        stdio: ['ignore', 'pipe', 'pipe'],
        // A session of its own, as a client on another machine would be (decision 188).
        detached: true,
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`h2load exited with ${code}:\n${text}`)),
      );
    });
    const latencies: number[] = [];
    let failures = transportFailures(output);
    let firstFailure = failures > 0 ? 'socket errors' : undefined;
    if (record) {
      for (const line of readFileSync(log, 'utf8').split('\n')) {
        const [, status, microseconds] = line.split('\t');
        if (status === undefined || microseconds === undefined) continue;
        const code = Number(status);
        if (code >= 200 && code < 300) {
          latencies.push(Number(microseconds) / 1000);
        } else {
          failures++;
          if (firstFailure === undefined || firstFailure === 'socket errors') {
            firstFailure = `HTTP ${code}`;
          }
        }
      }
    }
    // h2load reports a server it cannot reach as a run of no requests, not as failures.
    if (record && latencies.length === 0 && failures === 0) {
      failures = 1;
      firstFailure = 'no answer at all (could not connect)';
    }
    return summarise(latencies, measuredSeconds(output), failures, firstFailure);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
