import autocannon from 'autocannon';
import { summarise, type Measurement } from './stats.ts';
import { h2loadAvailable, h2loadCanDrive, runH2load } from './h2load.ts';

export interface LoadTarget {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** A fixed JSON body, or one per request (cycled) when the server must see different input. */
  body?: unknown;
  bodies?: readonly { path: string; body: unknown }[];
}

/** h2load where it is installed (decision 179), else autocannon; BENCH_LOAD picks one. */
export type LoadGenerator = 'h2load' | 'autocannon';

export function chooseGenerator(requested: string | undefined): LoadGenerator {
  if (requested === 'autocannon') return 'autocannon';
  if (requested === 'h2load') {
    if (!h2loadAvailable()) {
      throw new Error(
        'BENCH_LOAD=h2load, but h2load is not installed (apt-get install nghttp2-client)',
      );
    }
    return 'h2load';
  }
  if (requested) throw new Error(`BENCH_LOAD must be h2load or autocannon, got "${requested}"`);
  return h2loadAvailable() ? 'h2load' : 'autocannon';
}

export interface LoadOptions {
  generator: LoadGenerator;
  baseUrl: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/**
 * Where each list of bodies is in its cycle: the warm-up, the measured run and a later run of the
 * same target (BENCH_BEFORE_REF alternates them) go on from the body after the last one sent, so a
 * write that alternates values (true then false) changes something at every request.
 */
const cycles = new WeakMap<object, number>();

function runAutocannon(
  target: LoadTarget,
  options: LoadOptions,
  seconds: number,
  record: boolean,
): Promise<Measurement> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const headers: Record<string, string> = { ...target.headers };
  if (target.body !== undefined || target.bodies) headers['content-type'] = 'application/json';
  const bodies = target.bodies;
  const requests = bodies
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            const next = cycles.get(bodies) ?? 0;
            cycles.set(bodies, next + 1);
            const item = bodies[next % bodies.length];
            if (!item) return request;
            return { ...request, path: item.path, body: JSON.stringify(item.body) };
          },
        },
      ]
    : undefined;

  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: options.baseUrl + target.path,
        method: target.method,
        headers,
        ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
        ...(requests ? { requests } : {}),
        connections: options.connections,
        duration: seconds,
        timeout: 30,
      },
      (error) => {
        if (error) return reject(error);
        const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
        resolve(summarise(latencies, Math.min(elapsed, seconds), failures, firstFailure));
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        if (record) latencies.push(responseTime);
      } else {
        failures++;
        firstFailure ??= `HTTP ${statusCode}`;
      }
    });
    instance.on('reqError', (error: unknown) => {
      failures++;
      firstFailure ??= error instanceof Error ? error.message : String(error);
    });
  });
}

/** Warms the path up (JIT, plan cache, buffer cache), then measures it for a bounded time. */
export async function measureEndpoint(
  target: LoadTarget,
  options: LoadOptions,
): Promise<Measurement> {
  if (options.generator === 'h2load' && h2loadCanDrive(target)) {
    if (options.warmupSeconds > 0) await runH2load(target, options, options.warmupSeconds, false);
    return runH2load(target, options, options.seconds, true);
  }
  if (options.warmupSeconds > 0) await runAutocannon(target, options, options.warmupSeconds, false);
  return runAutocannon(target, options, options.seconds, true);
}
