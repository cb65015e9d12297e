import { serializeWithJsonText } from './json-text.ts';

/**
 * What every list route shares (db/list-pipeline.ts, docs/decisions/170), spread into its route
 * options next to its schema:
 *
 * - `adminReadWithList`: the admin's row is read and checked by the list's one statement, not by
 *   a look-up of its own (plugins/authenticate.ts).
 * - The answer is written as it is. PostgreSQL writes the page's items in the contract's shape
 *   as JSON text (db/list-pipeline.ts, decision 171), which goes into the answer unparsed
 *   (lib/json-text.ts); parsing the answer again with the response schema only made a second
 *   copy: 21% of a list request's throughput under load. The schema still documents the answer
 *   (OpenAPI), and list-answers.test.ts parses every list's answer with it and finds nothing to
 *   strip or change.
 */
export const LIST_ROUTE = {
  config: { adminReadWithList: true },
  serializerCompiler: () => serializeWithJsonText,
} as const;
