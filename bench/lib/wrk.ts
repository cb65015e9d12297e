import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './stats.ts';
import type { LoadOptions, LoadTarget } from './load.ts';

/** wrk is Debian's `wrk` package; the bench falls back to autocannon where it is missing. */
export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua long string: no escaping, whatever the text holds. */
function luaString(text: string): string {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

/**
 * wrk's script for one target: its method, headers and body; a request per item when the server
 * must see different input; and a summary line on standard output that `runWrk` reads back.
 * Success is a 2xx answer. wrk itself counts 4xx and 5xx answers (`errors.status`), which is
 * enough for a list; a write also has a `response` hook that keeps the first status that was not
 * a 2xx, to say why (a hook makes wrk hand every answer to Lua, so reads go without it).
 */
function script(target: LoadTarget): string {
  const headers: Record<string, string> = { ...target.headers };
  if (target.body !== undefined || target.bodies) headers['content-type'] = 'application/json';
  const lines = [`wrk.method = ${luaString(target.method)}`];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  }
  if (target.body !== undefined) lines.push(`wrk.body = ${luaString(JSON.stringify(target.body))}`);
  if (target.bodies && target.bodies.length > 0) {
    const items = target.bodies.map(
      (item) => `{ ${luaString(item.path)}, ${luaString(JSON.stringify(item.body))} }`,
    );
    lines.push(
      `local items = { ${items.join(', ')} }`,
      'local index = 0',
      'request = function()',
      '  index = index % #items + 1',
      '  return wrk.format(nil, items[index][1], nil, items[index][2])',
      'end',
    );
  }
  lines.push('failed = 0', 'first = 0');
  if (target.method !== 'GET') {
    lines.push(
      'response = function(status)',
      '  if status < 200 or status > 299 then',
      '    failed = failed + 1',
      '    if first == 0 then first = status end',
      '  end',
      'end',
    );
  }
  lines.push(
    'local threads = {}',
    'setup = function(thread) table.insert(threads, thread) end',
    'done = function(summary, latency)',
    '  local failedAll, firstAll = 0, 0',
    '  for _, thread in ipairs(threads) do',
    '    failedAll = failedAll + thread:get("failed")',
    '    if firstAll == 0 then firstAll = thread:get("first") end',
    '  end',
    '  local e = summary.errors',
    '  failedAll = math.max(failedAll, e.status)',
    '  io.write(string.format("WRK_RESULT %d %d %d %d %d %.1f %.1f\\n", summary.requests,',
    '    summary.duration, failedAll, firstAll, e.connect + e.read + e.write + e.timeout,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
  );
  return lines.join('\n');
}

/** Why a run had failures: the first failed status a write kept, else what wrk counted. */
function failureText(firstStatus: number, failedAnswers: number): string {
  if (firstStatus > 0) return `HTTP ${firstStatus}`;
  return failedAnswers > 0 ? 'HTTP 4xx or 5xx' : 'socket errors';
}

/**
 * One timed run of wrk (one thread, `connections` connections): a C load generator with a small
 * CPU cost per request, so on these shared cores most of the time goes to the API and PostgreSQL
 * rather than to the load (docs/decisions/178).
 */
export async function runWrk(
  target: LoadTarget,
  options: LoadOptions,
  seconds: number,
): Promise<Measurement> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'target.lua');
  writeFileSync(file, script(target));
  try {
    const args = [
      '-t',
      '1',
      '-c',
      String(options.connections),
      '-d',
      `${Math.max(1, Math.round(seconds))}s`,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        [...args, '--timeout', '30s', '-s', file, options.baseUrl + target.path],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`)),
      );
    });
    const match = /WRK_RESULT (\d+) (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+)/.exec(output);
    if (!match) throw new Error(`wrk printed no summary:\n${output}`);
    const [requests, durationUs, failed, firstStatus, transport, p50Us, p99Us] = match
      .slice(1)
      .map(Number) as [number, number, number, number, number, number, number];
    const measured = durationUs / 1e6;
    const succeeded = requests - failed;
    const failures = failed + transport;
    return {
      requests: succeeded,
      seconds: measured,
      requestsPerSecond: succeeded / measured,
      p50: p50Us / 1000,
      p99: p99Us / 1000,
      failures,
      ...(failures === 0 ? {} : { firstFailure: failureText(firstStatus, failed) }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
