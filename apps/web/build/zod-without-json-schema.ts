import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** zod's modules that turn schemas into JSON Schema, relative to zod/v4/core/. */
const JSON_SCHEMA_MODULES = [
  'to-json-schema.js',
  'json-schema-processors.js',
  'json-schema-generator.js',
];
const PREFIX = '\0cask-zod-json-schema:';

/**
 * zod 4's classic schemas carry `.toJSONSchema()`, so every browser bundle that parses with a
 * contract also ships zod's JSON Schema generator, about a third of zod, which the web app never
 * calls. In production builds this plugin swaps those modules for stand-ins with the same exports
 * that throw when called (decision 121). The API keeps the real zod (its OpenAPI document needs it).
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'cask:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const file = path.basename(source);
      if (!importer || !JSON_SCHEMA_MODULES.includes(file)) return null;
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? PREFIX + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = (await import(pathToFileURL(id.slice(PREFIX.length)).href)) as object;
      const names = Object.keys(real).filter((name) => name !== 'default');
      const body = names.map((name) => `export const ${name} = unavailable;`).join('\n');
      return `function unavailable() {\n  throw new Error('JSON Schema generation is left out of the web bundle');\n}\n${body}\n`;
    },
  };
}
