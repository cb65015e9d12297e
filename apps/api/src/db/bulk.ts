import { bulkRefused } from '@cask/contracts/common';
import type { FieldError } from '@cask/contracts/common';
import { ConflictError } from '../lib/errors.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { Database, DbOrTx } from './client.ts';

/**
 * A bulk action (issue 31): the rows a body names, each with the value it is to have, changed in
 * one transaction. Every row is locked first (in id order, so two bulk actions over the same rows
 * take turns instead of deadlocking); when any of them cannot be changed, nothing is, and the
 * 409 names each row that failed (`changes.<index>.id`). Each row changed writes its audit row in
 * the same transaction. The answer gives each row's value before and after, which is what an undo
 * sends back.
 */
export interface BulkAction<Value> {
  /** The audit's action and entity, e.g. 'order.updated' on 'purchase'. */
  action: string;
  entity: string;
  /** Locks the rows that can be changed and reads their current values (rows missing: absent). */
  lock(tx: DbOrTx, ids: string[]): Promise<Map<string, Value>>;
  /** Why a row the lock did not find cannot be changed, e.g. 'Order not found'. */
  missing: string;
  /** Writes one row's new value. */
  write(tx: DbOrTx, id: string, value: Value): Promise<void>;
}

export interface BulkChange<Value> {
  id: string;
  before: Value;
  after: Value;
}

export async function applyBulk<Value>(
  database: Database,
  bulk: BulkAction<Value>,
  changes: readonly { id: string; value: Value }[],
  actor: Actor,
): Promise<BulkChange<Value>[]> {
  return database.db.transaction(async (tx) => {
    const ids = changes.map((change) => change.id).sort();
    const current = await bulk.lock(tx, ids);
    const failed: FieldError[] = [];
    changes.forEach((change, index) => {
      if (!current.has(change.id))
        failed.push({ field: `changes.${index}.id`, message: bulk.missing });
    });
    if (failed.length > 0)
      throw new ConflictError(bulkRefused(failed.length, changes.length), failed);
    const done: BulkChange<Value>[] = [];
    for (const { id, value } of changes) {
      const before = current.get(id) as Value;
      await bulk.write(tx, id, value);
      await writeAudit(tx, {
        adminId: actor.adminId,
        action: bulk.action,
        entity: bulk.entity,
        entityId: id,
        before,
        after: value,
        ip: actor.ip,
      });
      done.push({ id, before, after: value });
    }
    return done;
  });
}
