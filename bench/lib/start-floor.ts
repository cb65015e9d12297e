import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { POSTGRES_OPTIONS } from '../../apps/api/src/db/client.ts';

/**
 * Issue 46's restart on PostgreSQL, its floor: what a process pays before the API's own code runs
 * (node's start, the packages its production bundle imports, one connection), measured as the
 * restart is (from just before the spawn) so that the part of the restart that is the machine's
 * is read beside the part that is the app's. Also the phases the server logs ('start-up
 * timings', server.ts), read from its output.
 */

/**
 * What the bundle imports when it opens PostgreSQL (db/client.ts `openDatabase`), besides its
 * static imports: checked against the bundle, so that a change there stops the bench instead of
 * measuring another floor.
 */
const POSTGRES_OPEN_IMPORTS = ['pg', 'drizzle-orm/node-postgres', 'pg-copy-streams'] as const;

export interface StartFloorRun {
  /** From the process's start (its performance.timeOrigin) to the imports loaded, in ms. */
  importedMs: number;
  /** From the process's start to the connection opened, in ms. */
  connectedMs: number;
  /** From just before the spawn to the line the process prints once connected, in ms. */
  spawnToConnectedMs: number;
}

/** The two floors: node and `pg` alone, and node with everything the bundle imports first. */
export interface StartFloor {
  /** How many packages and node modules the bundle imports statically. */
  staticImports: number;
  bare: StartFloorRun[];
  bundle: StartFloorRun[];
}

/**
 * The specifiers of the bundle's static imports: esbuild writes each external import as an
 * `import ... from "x";` statement at the start of a line (apps/api/build.mjs: packages stay
 * external), and its banner one of node:module.
 */
export function bundleImports(bundle: string): string[] {
  const text = readFileSync(bundle, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/^import\s+(?:[^;"']*?\s+from\s+)?["']([^"']+)["'];/gm)) {
    if (match[1]) found.add(match[1]);
  }
  for (const name of POSTGRES_OPEN_IMPORTS) {
    if (!text.includes(`import("${name}")`)) {
      throw new Error(
        `The bundle no longer imports "${name}" when it opens PostgreSQL: update bench/lib/start-floor.ts`,
      );
    }
  }
  return [...found];
}

/**
 * The floors' two scripts, next to the bundle (apps/api/dist, so that their imports resolve as
 * its own do): each imports (statically, as the bundle does) nothing or the bundle's static
 * imports, then what the bundle imports to open PostgreSQL, opens one connection as the API's
 * pools do, prints its timings and ends.
 */
function writeFloorScripts(root: string): { bare: string; bundle: string; staticImports: number } {
  const dist = path.join(root, 'apps/api/dist');
  const imports = bundleImports(path.join(dist, 'server.js'));
  const body = [
    'const imported = performance.now();',
    ...POSTGRES_OPEN_IMPORTS.map(
      (name, index) => `const m${index} = await import(${JSON.stringify(name)});`,
    ),
    'const client = new m0.default.Client({ connectionString: process.env.DATABASE_URL, options: process.env.FLOOR_PG_OPTIONS });',
    'await client.connect();',
    'const connected = performance.now();',
    'console.info(JSON.stringify({ imported, connected }));',
    'await client.end();',
    '',
  ];
  const bare = path.join(dist, 'bench-start-floor-bare.mjs');
  const bundle = path.join(dist, 'bench-start-floor-bundle.mjs');
  writeFileSync(bare, body.join('\n'));
  writeFileSync(
    bundle,
    [...imports.map((name) => `import ${JSON.stringify(name)};`), ...body].join('\n'),
  );
  return { bare, bundle, staticImports: imports.length };
}

/** Runs one floor script as the bench runs the server (its own session, NODE_ENV=production). */
async function runFloorScript(script: string, cwd: string, url: string): Promise<StartFloorRun> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: url,
      FLOOR_PG_OPTIONS: POSTGRES_OPTIONS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let printedAt: number | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (printedAt === undefined && output.includes('"connected"')) printedAt = performance.now();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = output.split('\n').find((text) => text.startsWith('{"imported"'));
  if (code !== 0 || !line || printedAt === undefined) {
    throw new Error(`The start floor ${path.basename(script)} failed (${code}):\n${output}`);
  }
  const { imported, connected } = JSON.parse(line) as { imported: number; connected: number };
  return {
    importedMs: imported,
    connectedMs: connected,
    spawnToConnectedMs: printedAt - spawnedAt,
  };
}

/** Prepares the floors of a checkout's bundle (built by then); `measure` runs each once. */
export function startFloor(root: string, url: string) {
  const scripts = writeFloorScripts(root);
  const floor: StartFloor = { staticImports: scripts.staticImports, bare: [], bundle: [] };
  return {
    floor,
    async measure(): Promise<{ bare: StartFloorRun; bundle: StartFloorRun }> {
      const bare = await runFloorScript(scripts.bare, root, url);
      const bundle = await runFloorScript(scripts.bundle, root, url);
      floor.bare.push(bare);
      floor.bundle.push(bundle);
      return { bare, bundle };
    },
  };
}

/**
 * The phases of a start as the server logged them ('start-up timings', server.ts: each phase's
 * end in ms from the process's start), from its output; null when it logged none (LOG_LEVEL
 * above info, or a commit older than the line).
 */
export function startPhases(output: string): Record<string, number> | null {
  for (const line of output.split('\n')) {
    if (!line.includes('"start-up timings"')) continue;
    try {
      const parsed = JSON.parse(line) as { msSinceProcessStart?: Record<string, number> };
      if (parsed.msSinceProcessStart) return parsed.msSinceProcessStart;
    } catch {
      // not a JSON line
    }
  }
  return null;
}
