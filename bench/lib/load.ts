import autocannon from 'autocannon';
import { summarise, type Measurement } from './stats.ts';

export interface LoadTarget {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** A fixed JSON body, or one per request (cycled) when the server must see different input. */
  body?: unknown;
  bodies?: readonly { path: string; body: unknown }[];
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

function run(
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
  let next = 0;
  const bodies = target.bodies;
  const requests = bodies
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            const item = bodies[next++ % bodies.length];
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
  if (options.warmupSeconds > 0) await run(target, options, options.warmupSeconds, false);
  return run(target, options, options.seconds, true);
}
