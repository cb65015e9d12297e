import { desc, eq, sql } from 'drizzle-orm';
import type { ValuationSource } from '@cask/contracts/cask-records';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { valuationImports } from '../../db/schema/casks.ts';
import { versionSql } from '../../db/versions.ts';

/** A cask a row of an import names, as the preview compares it. */
export interface ImportCask {
  id: string;
  name: string;
  caskNumber: string | null;
  distillery: string | null;
  currentValue: string | null;
  version: string;
  /** The latest valuation's day (null: never valued). */
  latestOn: string | null;
}

/**
 * The casks (not deleted) of these ids, with what the preview needs of each, in one statement;
 * with `lock`, their rows are locked in id order (an apply: one transaction, decision 405).
 */
export async function casksByIds(
  db: DbOrTx,
  ids: readonly string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<ImportCask[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    select c.id, c.name, c.cask_number as "caskNumber", c.distillery, c.current_value::text as "currentValue",
      ${versionSql(sql`c.updated_at`)} as version,
      (select to_char(max(v.valued_on), 'YYYY-MM-DD') from cask_valuations v
        where v.cask_id = c.id) as "latestOn"
    from casks c
    where c.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
      and c.deleted_at is null
    order by c.id
    ${lock ? sql`for update of c` : sql``}`);
  return rowsOf<ImportCask>(result);
}

/** A cask as a row names it by its identity (decision 400): number, distillery, fill year. */
export interface CaskIdentity {
  number: string;
  distillery: string;
  year: number;
}

/** The key caskIdsByIdentity answers an identity under. */
export const identityKey = (identity: CaskIdentity) =>
  JSON.stringify([identity.number, identity.distillery.toLowerCase(), identity.year]);

/**
 * The ids of the casks (not deleted) these identities name, by identityKey: the number as
 * written, the distillery regardless of case, the fill year (`year`), as the unique index
 * casks_identity_unique holds them, so one identity names one cask at most (decision 400).
 */
export async function caskIdsByIdentity(
  db: DbOrTx,
  identities: readonly CaskIdentity[],
): Promise<Map<string, string>> {
  if (identities.length === 0) return new Map();
  const keyed = identities.map((identity) => ({ key: identityKey(identity), ...identity }));
  const result = await db.execute(sql`
    select k.key, c.id
    from jsonb_to_recordset(${JSON.stringify(keyed)}::jsonb)
      as k(key text, number text, distillery text, year int)
    join casks c on c.cask_number = k.number and lower(c.distillery) = lower(k.distillery)
      and c.year = k.year and c.deleted_at is null`);
  return new Map(rowsOf<{ key: string; id: string }>(result).map((row) => [row.key, row.id]));
}

/** A valuation a row would record, by what makes it the same valuation (decision 405). */
export interface ValuationKey {
  line: number;
  caskId: string;
  valuedOn: string;
  value: string;
  source: ValuationSource;
}

/**
 * The lines whose valuation (the same cask, day, value and source) is recorded already, by an
 * import or by hand: one statement over one jsonb parameter.
 */
export async function linesAlreadyRecorded(
  db: DbOrTx,
  keys: readonly ValuationKey[],
): Promise<Set<number>> {
  if (keys.length === 0) return new Set();
  const result = await db.execute(sql`
    select k.line
    from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
      as k(line int, "caskId" uuid, "valuedOn" date, value numeric, source text)
    where exists (select 1 from cask_valuations v
      where v.cask_id = k."caskId" and v.valued_on = k."valuedOn" and v.value = k.value
        and v.source = k.source)`);
  return new Set(rowsOf<{ line: number }>(result).map((row) => Number(row.line)));
}

/** When this file (by its SHA-256) was applied last, as ISO text; null when never. */
export async function lastAppliedAt(db: DbOrTx, hash: string): Promise<string | null> {
  const [row] = await db
    .select({ at: valuationImports.createdAt })
    .from(valuationImports)
    .where(eq(valuationImports.fileHash, hash))
    .orderBy(desc(valuationImports.createdAt))
    .limit(1);
  return row ? row.at.toISOString() : null;
}

/** Records an applied import (its counts), answering its id. */
export async function insertImport(
  tx: DbOrTx,
  values: {
    fileHash: string;
    fileName: string | null;
    adminId: string;
    rows: number;
    recorded: number;
    alreadyRecorded: number;
    refused: number;
  },
): Promise<string> {
  const [row] = await tx
    .insert(valuationImports)
    .values(values)
    .returning({ id: valuationImports.id });
  if (!row) throw new Error('import insert returned nothing');
  return row.id;
}
