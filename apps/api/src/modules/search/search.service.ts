import type { SearchResults } from '@cask/contracts/search';
import type { Database } from '../../db/client.ts';
import { searchEverything } from './search.repository.ts';

/** Issue 31: the command palette's 'Search everything'. Every role may search (a read). */
export function createSearchService(deps: { database: Pick<Database, 'readRows'> }) {
  return {
    search(term: string): Promise<SearchResults> {
      return searchEverything(deps.database, term);
    },
  };
}
