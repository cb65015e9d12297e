import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListDefinition } from '@cask/contracts/lists';
import { api } from './api-client.ts';

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
    } else {
      throw new TypeError(`The list query's ${key} is not a plain value`);
    }
  }
  return params;
}

/**
 * A list screen's query, from the list's one definition in the contracts (issue 42,
 * docs/decisions/369): its path, its query's fields and the contract that parses its answer. The
 * rows of the last answer stay on screen while the next page, search or filter loads
 * (keepPreviousData), so the table never flashes its loading row over them. `key` starts every
 * query of the list, so a save can refresh them all.
 */
export function listQuery<Query extends z.ZodObject, Response extends z.ZodType>(
  definition: ListDefinition<Query, Response>,
  key: readonly string[],
) {
  const fetchPage = async (request: ListRequest<Query>): Promise<ListPage<Response>> => {
    const envelope = await api.get<unknown>(definition.path, { params: paramsOf(request) });
    return (definition.response.parse(envelope) as { data: ListPage<Response> }).data;
  };
  const options = (request: ListRequest<Query>) =>
    queryOptions({
      queryKey: [...key, 'list', request],
      queryFn: () => fetchPage(request),
      placeholderData: keepPreviousData,
    });
  return {
    key,
    fetchPage,
    options,
    /** The screen's hook, with the request the screen builds from its URL (use-list-params.ts). */
    useList: (request: ListRequest<Query>) => useQuery(options(request)),
  };
}
