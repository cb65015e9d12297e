import {
  keepPreviousData,
  queryOptions,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListDefinition } from '@cask/contracts/lists';
import { api, parsed } from './api-client.ts';

/** A list's query as a screen sends it: the contract's query, '' standing for "none". */
export type ListRequest<Query extends z.ZodObject> = {
  [Key in keyof z.input<Query>]?: z.input<Query>[Key] | '';
};

/** What a list's answer holds under `data` (its items, pagination and counters). */
export type ListPage<Response extends z.ZodType> =
  z.output<Response> extends { data: infer Data } ? Data : never;

type Param = string | number | boolean | undefined;

/** The request as query parameters: '' (an empty search, "All") is left out, as undefined is. */
function paramsOf(request: Record<string, unknown>): Record<string, Param> {
  const params: Record<string, Param> = {};
  for (const [key, value] of Object.entries(request)) {
    if (value === '' || value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params[key] = value;
    } else throw new TypeError(`The list query's ${key} is not a plain value`);
  }
  return params;
}

/** A list's definition, whatever its query and answer. */
type AnyList = ListDefinition<z.ZodObject, z.ZodType>;
type QueryOf<List> = List extends ListDefinition<infer Query, z.ZodType> ? Query : never;
type ResponseOf<List> = List extends ListDefinition<z.ZodObject, infer Response> ? Response : never;
/** A list, or its address (plain.ts) with its definition loaded beside the request (decision 450). */
type ListSource<L extends AnyList> = L | { name?: string; path: string; load(): Promise<L> };

/** What a list's hook answers: its page (items, pagination, counters) once loaded. */
export type ListResult<List extends AnyList> = UseQueryResult<ListPage<ResponseOf<List>>>;

/**
 * The key every query of a list starts with, derived from its definition (its name, its path
 * for a list without one): a save invalidates it and every page, search and filter of the list
 * is read again. Nothing keeps a table of keys (issue 42).
 */
export function listKey(definition: { name?: string; path: string }): readonly [string] {
  return [definition.name ?? definition.path];
}

/** One page of a list, as the API answers it, parsed by the list's contract. */
export async function fetchList<List extends AnyList>(
  definition: ListSource<List>,
  request: ListRequest<QueryOf<List>>,
): Promise<ListPage<ResponseOf<List>>> {
  const answer = api.get<unknown>(definition.path, { params: paramsOf(request) });
  const schema = async () => ('load' in definition ? await definition.load() : definition).response;
  return ((await parsed(answer, schema)) as { data: ListPage<ResponseOf<List>> }).data;
}

/**
 * A list screen's query, from the list's one definition in the contracts (issue 42,
 * docs/decisions/369): its path, its query's fields and the contract that parses its answer. The
 * rows of the last answer stay on screen while the next page, search or filter loads
 * (keepPreviousData), so the table never flashes its loading row over them.
 */
export function listOptions<List extends AnyList>(
  definition: ListSource<List>,
  request: ListRequest<QueryOf<List>>,
) {
  return queryOptions({
    queryKey: [...listKey(definition), 'list', request],
    queryFn: () => fetchList(definition, request),
    placeholderData: keepPreviousData,
  });
}

/** A screen's hook: `useList(definition, { page, limit, search, sort })`, from its URL. */
export function useList<List extends AnyList>(
  definition: ListSource<List>,
  request: ListRequest<QueryOf<List>>,
): ListResult<List> {
  return useQuery(listOptions(definition, request));
}
