import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { isListDefinition, listSorts, type ListDefinition } from '@cask/contracts/lists';
import type { TestContext } from './app.ts';
import { documentedPaths } from './openapi.ts';

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

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../src/db/schema');

/** Every table of the Drizzle schema (src/db/schema/*.ts), by its SQL name. */
export async function schemaTables(): Promise<Map<string, PgTable>> {
  const tables = new Map<string, PgTable>();
  for (const file of await readdir(SCHEMA_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const module = (await import(path.join(SCHEMA_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (is(value, PgTable)) tables.set(getTableName(value), value);
    }
  }
  return tables;
}

/** A list with a sort, as its definition and the OpenAPI document describe it. */
export interface SortedList {
  sorts: string[];
  search: boolean;
  /** Each sort's column type in SQL (`numeric(14, 2)`, `timestamp with time zone`, `text`...). */
  types: Record<string, string>;
}

interface Operation {
  parameters?: { in: string; name: string; schema?: { enum?: string[] } }[];
}

/** The SQL type of each sort of a list: its export source's table and column, in the schema. */
function sortTypes(
  ctx: Pick<TestContext, 'app'>,
  definition: ListDefinition,
  sorts: string[],
  tables: Map<string, PgTable>,
): Record<string, string> {
  const source =
    definition.name === undefined ? undefined : ctx.app.listExports.find(definition.name)?.source;
  if (!source)
    throw new Error(`${definition.path} sorts but names no export source with its table`);
  const table = tables.get(source.table);
  if (!table) throw new Error(`${source.table} is not a table of src/db/schema`);
  const columns = Object.values(getTableColumns(table));
  const types: Record<string, string> = {};
  for (const sort of sorts) {
    const column = columns.find((candidate) => candidate.name === source.sorts[sort]);
    if (!column) throw new Error(`${definition.path} sort ${sort}: no column of ${source.table}`);
    types[sort] = column.getSQLType();
  }
  return types;
}

/**
 * Every list with a sort, from its definition, each as the OpenAPI document describes it
 * (expects the document's `sort` enum to be the definition's sorts), with each sort's SQL type
 * from the list's export source (`app.listExports`) and the Drizzle schema (issue 42).
 */
export async function sortedLists(ctx: Pick<TestContext, 'app'>): Promise<Map<string, SortedList>> {
  const paths = await documentedPaths<Operation>(ctx);
  const tables = await schemaTables();
  const lists = new Map<string, SortedList>();
  for (const [url, definition] of await listDefinitions()) {
    const sorts = listSorts(definition);
    const parameters = paths[url]?.get?.parameters ?? [];
    const documented = parameters.find((p) => p.in === 'query' && p.name === 'sort')?.schema?.enum;
    expect(documented?.filter((value) => !value.startsWith('-')) ?? [], url).toEqual(sorts);
    if (sorts.length === 0) continue;
    lists.set(url, {
      sorts,
      search: parameters.some((p) => p.name === 'search'),
      types: sortTypes(ctx, definition, sorts, tables),
    });
  }
  return lists;
}
