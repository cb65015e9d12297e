import path from 'node:path';
import { POSTGRES_OPTIONS, PREPARED_READ_OPTIONS } from '../../apps/api/src/db/client.ts';
import { freePort, repoRoot, startServerProcess } from './api-server.ts';
import { measureEndpoint, type LoadOptions } from './load.ts';
import type { CapturedQuery } from './sql-reference.ts';
import type { Measurement } from './stats.ts';

const SCRIPT = path.join(repoRoot, 'bench/lib/thin-http-server.mjs');

/**
 * The endpoint's floor behind the thinnest HTTP server (decision 184), driven by the same load
 * generator as the API: the ceiling of any Node API over the same statements on this machine, so
 * the table shows how much of the gap to the floor is HTTP itself.
 */
export async function measureThinHttp(
  databaseUrl: string,
  queries: readonly CapturedQuery[],
  load: LoadOptions,
): Promise<Measurement> {
  const port = await freePort();
  const server = await startServerProcess({
    name: 'The thin HTTP server',
    args: [SCRIPT],
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      THIN_DATABASE_URL: databaseUrl,
      THIN_OPTIONS: POSTGRES_OPTIONS,
      THIN_PREPARED_OPTIONS: PREPARED_READ_OPTIONS,
      THIN_CONNECTIONS: String(load.connections),
      THIN_QUERIES: JSON.stringify(queries),
    },
    port,
    readyPath: '/ready',
  });
  try {
    return await measureEndpoint(
      { method: 'GET', path: '/' },
      { ...load, baseUrl: server.baseUrl },
    );
  } finally {
    await server.stop();
  }
}
