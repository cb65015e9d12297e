import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import { routeModulesOf } from './route-modules.ts';

const ROUTES_FILE = 'src/app/routes.tsx';
const CONTRACT = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
/**
 * The contracts every screen's shell or every list may load (the bell's unread count, the command
 * palette's search, the 'Export CSV' button): each stays a small chunk of its own, so the shell's
 * and the lists' preload lists do not name the group's chunk and every module it imports.
 */
const SHARED =
  /[\\/]packages[\\/]contracts[\\/]src[\\/](?:notifications|search|export-answers)\.ts$/;
/** The contracts' modules without zod that screens draw with (docs/decisions/450). */
const ZOD_FREE = /[\\/]packages[\\/]contracts[\\/]src[\\/](?:[a-z-]+-)?(?:plain|cask-alerts)\.ts$/;

/**
 * The contracts no screen draws with, in one chunk (docs/decisions/450). A screen that draws
 * without zod loads its answers' contracts beside the requests (`parsed`, `useList` with a `load`);
 * each contract imported so would otherwise be a chunk of its own, and each chunk costs the whole
 * app its import lists and gzip framing. In production builds this plugin:
 *
 * - puts every contract module that no route loads before it renders (the entry's and each route's
 *   lazy modules' static imports, read from `src/app/routes.tsx`) into one chunk, `contracts`,
 *   loaded with the first answer parsed. The contracts a screen still imports to draw (the
 *   settings screens', sign-in's) stay where Rolldown puts them, so no screen's first render loads
 *   this chunk, nor do the shell's and the lists' own (`SHARED`). The group's imports (zod,
 *   `common.ts`, the zod-free modules) stay in their chunks (`includeDependenciesRecursively:
 *   false`): none of those imports a contract of the group, so the chunks import each other one
 *   way (no cycle) and every module still runs after what it imports;
 * - keeps each zod-free module (`plain.ts`, `lists-plain.ts`, `audit-plain.ts`...) in a chunk of its
 *   own, so the contracts' chunk, which re-exports them, never imports a screen's chunk (and its
 *   preload list never names the screen's modules);
 * - leaves out of each lazy import's preload list the chunks its importer imports statically (they
 *   are loaded before it runs) and Rolldown's runtime chunk (the entry's first import).
 */
export function contractsChunk(): Plugin {
  let root = '.';
  /** The modules some route loads before it renders. */
  const drawn = new Set<string>();
  let bundle: OutputBundle | undefined;
  /** A chunk's file and the chunks it imports, at any depth: loaded before it runs. */
  const staticClosure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    const chunk = bundle?.[file];
    if (chunk?.type === 'chunk')
      for (const imported of chunk.imports) staticClosure(imported, seen);
    return seen;
  };
  return {
    name: 'cask:contracts-chunk',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    config() {
      return {
        build: {
          modulePreload: {
            resolveDependencies: (_file, deps, { hostId }) => {
              const loaded = staticClosure(hostId);
              return deps.filter(
                (dep) => !loaded.has(dep) && !/(^|\/)rolldown-runtime-[^/]+\.js$/.test(dep),
              );
            },
          },
        },
      };
    },
    async buildEnd() {
      const source = await readFile(path.join(root, ROUTES_FILE), 'utf8');
      const roots = new Set(
        routeModulesOf(source).flatMap(({ modules }) => modules.map((m) => path.join(root, m))),
      );
      for (const id of this.getModuleIds()) {
        if (this.getModuleInfo(id)?.isEntry) roots.add(id);
      }
      const visit = (id: string) => {
        if (drawn.has(id)) return;
        drawn.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const id of roots) visit(id);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: 'contracts',
              test: (id: string) =>
                CONTRACT.test(id) && !ZOD_FREE.test(id) && !SHARED.test(id) && !drawn.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: (id: string) => (ZOD_FREE.test(id) ? path.basename(id, '.ts') : null),
              test: ZOD_FREE,
              includeDependenciesRecursively: false,
            },
          ],
        },
      };
    },
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };
}
