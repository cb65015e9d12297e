import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isListDefinition, type ListDefinition } from '@cask/contracts/lists';

const CONTRACTS_DIR = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');

/**
 * Every list's definition (packages/contracts/src/lists.ts), found in the contracts themselves:
 * each contract module is read and its `defineList` exports kept, so the list tests need no table
 * of lists (issue 42). Keyed by the route as the OpenAPI document writes it (`/api/users/{id}/casks`).
 */
export async function listDefinitions(): Promise<Map<string, ListDefinition>> {
  const files = (await readdir(CONTRACTS_DIR)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const definitions = new Map<string, ListDefinition>();
  for (const file of files) {
    const contract = (await import(`@cask/contracts/${file.slice(0, -'.ts'.length)}`)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(contract)) {
      if (!isListDefinition(value)) continue;
      definitions.set(`/api${value.path.replace(/:(\w+)/g, '{$1}')}`, value);
    }
  }
  return definitions;
}
