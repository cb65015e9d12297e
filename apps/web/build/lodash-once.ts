import type { Plugin } from 'vite';

const PREFIX = '\0cask-lodash-once:';

/**
 * Quill (and react-quill-new, its React wrapper) import `cloneDeep`, `isEqual` and `merge` from
 * lodash-es, while quill-delta (Quill's document model) requires the same `cloneDeep` and `isEqual` from the standalone
 * `lodash.clonedeep` and `lodash.isequal` packages, so the privacy policy editor shipped lodash's
 * clone and equality code twice (docs/decisions/450). In production builds this plugin hands
 * their `lodash-es` imports the standalone packages' functions (the same lodash 4 functions)
 * and lodash-es's `merge` only. Quill-delta keeps its packages (CommonJS requiring lodash-es
 * would add interop helpers to the runtime chunk every screen loads), and the tests keep both
 * as installed.
 */
export function lodashOnce(): Plugin {
  return {
    name: 'cask:lodash-once',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'lodash-es' || !importer) return null;
      return /[\\/]node_modules[\\/](quill|react-quill-new)[\\/]/.test(importer)
        ? PREFIX + source
        : null;
    },
    load(id) {
      if (id !== PREFIX + 'lodash-es') return null;
      return [
        "export { default as cloneDeep } from 'lodash.clonedeep';",
        "export { default as isEqual } from 'lodash.isequal';",
        "export { default as merge } from 'lodash-es/merge.js';",
        '',
      ].join('\n');
    },
  };
}
