// Bundles the API (and the workspace's contracts) into dist/; node_modules stay external.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server.ts',
    ...['src/cli/admin-create.ts', 'src/cli/seed.ts'].filter((f) => existsSync(f)),
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @cask/contracts is a workspace of TypeScript sources: bundle it instead of importing it.
  plugins: [
    {
      name: 'bundle-contracts',
      setup(b) {
        b.onResolve({ filter: /^@cask\/contracts\// }, async (args) => {
          const sub = args.path.slice('@cask/contracts/'.length);
          return {
            path: new URL(`../../packages/contracts/src/${sub}.ts`, import.meta.url).pathname,
          };
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
