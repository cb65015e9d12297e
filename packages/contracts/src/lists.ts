import { z } from 'zod';

/**
 * A list's one definition shared by the API and the web app (issue 42, docs/decisions/369): where
 * it is read, what its query takes (page and limit, its search, filters and sorts) and what it
 * answers (its items, pagination and the counters its screen shows). The API's route takes its
 * path and schemas from it, the web app's query hook (`lib/list-query.ts`) its path, query and
 * parser, and the API's list tests find every list by it: a new list is one `defineList` in its
 * contract, with no table to extend elsewhere.
 */
export interface ListDefinition<
  Query extends z.ZodObject = z.ZodObject,
  Response extends z.ZodType = z.ZodType,
> {
  readonly kind: 'list';
  /**
   * The list's name where it has a CSV export: the export's too (`POST /api/exports/<name>`,
   * declared by the list's own routes with its filters, `exportFilters`), by which the API finds
   * its export source and its tests its table and sort columns.
   */
  readonly name?: string;
  /** The route under `/api`, Fastify's way (`/users/:id/casks`). */
  readonly path: string;
  readonly query: Query;
  readonly response: Response;
}

// No side effects: a bundle that imports a contract for another of its schemas drops the
// definitions it does not use (every screen's JavaScript budget, decision 292).
/* @__NO_SIDE_EFFECTS__ */
export function defineList<Query extends z.ZodObject, Response extends z.ZodType>(
  definition: Omit<ListDefinition<Query, Response>, 'kind'>,
): ListDefinition<Query, Response> {
  return { kind: 'list', ...definition };
}

/** A list's CSV export filters: its query without page and limit (issue 29, decision 211). */
export type ExportFilters<Definition extends ListDefinition> = Omit<
  z.output<Definition['query']>,
  'page' | 'limit'
>;

/** The query of `POST /api/exports/<name>`: the list's own, so it has the screen's filters. */
export function exportFilters<Definition extends ListDefinition>(
  definition: Definition,
): z.ZodType<ExportFilters<Definition>> {
  // zod's omit keeps the other fields as they are; its type over a generic query is not inferred.
  return definition.query.omit({ page: true, limit: true }) as z.ZodType as z.ZodType<
    ExportFilters<Definition>
  >;
}

/** Whether a module's export is a list definition (how the tests find every list). */
export function isListDefinition(value: unknown): value is ListDefinition {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'list';
}

/** The sort names a list's query offers (its `sort` enum's ascending values), none without one. */
export function listSorts(definition: ListDefinition): string[] {
  const sort = definition.query.shape.sort;
  // sortParam's schema (common.ts): an optional enum of `name` and `-name`.
  const values = sort instanceof z.ZodOptional ? sort.unwrap() : sort;
  if (!(values instanceof z.ZodEnum)) return [];
  return values.options.filter(
    (value): value is string => typeof value === 'string' && !value.startsWith('-'),
  );
}
