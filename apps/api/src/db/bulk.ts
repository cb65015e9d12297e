import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntity } from '@cask/contracts/audit';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BULK_UNDO_UNKNOWN, bulkRefused } from '@cask/contracts/common';
import type { FieldError } from '@cask/contracts/common';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { Database, DbOrTx } from './client.ts';
import { auditLog } from './schema/audit-log.ts';

/**
 * A bulk action (issue 31, decision 241): the rows a body names, each with the value it is to
 * have, changed in one transaction. Every row is locked first (in id order, so two bulk actions
 * over the same rows take turns instead of deadlocking); when any of them cannot be changed,
 * nothing is, and the 409 names each row that failed (`changes.<index>.id`) with its reason. Each
 * row changed writes its audit row in the same transaction. The answer gives each row's value
 * before and after, which is what an undo sends back.
 */
export interface BulkAction<Value> {
  /** The audit's action (by the row's new value: 'user.deleted', 'user.restored') and entity. */
  action: AuditAction | ((value: Value) => AuditAction);
  entity: AuditEntity;
  /** Locks the rows that can be changed and reads their current values (rows missing: absent). */
  lock(tx: DbOrTx, ids: string[], actor: Actor): Promise<Map<string, Value>>;
  /** Why a row the lock did not find cannot be changed, e.g. 'Order not found'. */
  missing: string;
  /** Why a row found cannot take its value (undefined: it can), checked before anything is written. */
  refuse?(before: Value, after: Value): string | undefined;
  /**
   * Writes one row's new value. A rule only the write can check (a referrer's points) throws a
   * ConflictError: the row is named with its message and, at the end, nothing is kept.
   */
  write(tx: DbOrTx, id: string, value: Value, before: Value, actor: Actor): Promise<void>;
}

export interface BulkChange<Value> {
  id: string;
  before: Value;
  after: Value;
}

/**
 * A bulk action's answer: its id, written with each of its audit rows, and each row's change. An
 * undo names the id of the change it undoes and writes its rows under it, so the Audit Log shows
 * both as one bulk change (docs/decisions/311).
 */
export interface BulkResult<Value> {
  bulkId: string;
  changes: BulkChange<Value>[];
}

/** The body of a bulk route: the rows with their values, and for an undo the id it undoes. */
export interface BulkRequest<Value> {
  changes: readonly { id: string; value: Value }[];
  bulkId?: string | undefined;
}

/** The values of `fields` as a select reads them (a nullable column's with null). */
type RowOf<Fields extends Record<string, AnyPgColumn>> = {
  [Name in keyof Fields]: Fields[Name]['_']['notNull'] extends true
    ? Fields[Name]['_']['data']
    : Fields[Name]['_']['data'] | null;
};

/**
 * The lock every bulk action shares: `select id, <fields> from <table> where id in (...) and
 * <where> order by id for update`, each row's value made by `toValue`.
 */
export function lockRows<Fields extends Record<string, AnyPgColumn>, Value>(
  table: PgTable,
  id: AnyPgColumn,
  fields: Fields,
  where: SQL | undefined,
  toValue: (row: RowOf<Fields>) => Value,
): BulkAction<Value>['lock'] {
  return async (tx, ids) => {
    const rows = (await tx
      .select({ ...fields, bulkRowId: id })
      .from(table)
      .where(and(inArray(id, ids), where))
      .orderBy(id)
      .for('update')) as unknown as (RowOf<Fields> & { bulkRowId: string })[];
    return new Map(rows.map((row) => [row.bulkRowId, toValue(row)]));
  };
}

export async function applyBulk<Value>(
  database: Database,
  bulk: BulkAction<Value>,
  { changes, bulkId: undoing }: BulkRequest<Value>,
  actor: Actor,
): Promise<BulkResult<Value>> {
  return database.db.transaction(async (tx) => {
    // An undo continues a bulk change of the same records; an id never written is refused.
    if (undoing !== undefined) {
      const [known] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.bulkId, undoing), eq(auditLog.entity, bulk.entity)))
        .limit(1);
      if (!known)
        throw new BadRequestError(BULK_UNDO_UNKNOWN, [
          { field: 'bulkId', message: BULK_UNDO_UNKNOWN },
        ]);
    }
    const bulkId = undoing ?? randomUUID();
    const ids = changes.map((change) => change.id).sort();
    const current = await bulk.lock(tx, ids, actor);
    const failed: FieldError[] = [];
    const refuse = (index: number, message: string) =>
      failed.push({ field: `changes.${index}.id`, message });
    changes.forEach((change, index) => {
      const before = current.get(change.id);
      if (before === undefined) refuse(index, bulk.missing);
      else {
        const refusal = bulk.refuse?.(before, change.value);
        if (refusal) refuse(index, refusal);
      }
    });
    if (failed.length > 0)
      throw new ConflictError(bulkRefused(failed.length, changes.length), failed);

    const done: BulkChange<Value>[] = [];
    for (const [index, { id, value }] of changes.entries()) {
      const before = current.get(id) as Value;
      try {
        await bulk.write(tx, id, value, before, actor);
      } catch (error) {
        // Our own refusal (not the database's, which ends the transaction): name the row, go on
        // checking the others, and keep nothing.
        if (!(error instanceof ConflictError)) throw error;
        refuse(index, error.message);
        continue;
      }
      await writeAudit(tx, {
        adminId: actor.adminId,
        action: typeof bulk.action === 'string' ? bulk.action : bulk.action(value),
        entity: bulk.entity,
        entityId: id,
        before,
        after: value,
        ip: actor.ip,
        bulkId,
      });
      done.push({ id, before, after: value });
    }
    if (failed.length > 0)
      throw new ConflictError(bulkRefused(failed.length, changes.length), failed);
    return { bulkId, changes: done };
  });
}
