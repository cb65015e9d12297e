import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntity } from '@cask/contracts/audit';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BULK_UNDO_UNKNOWN, bulkRefused } from '@cask/contracts/common';
import type { FieldError } from '@cask/contracts/common';
import { BadRequestError, ConflictError } from '../lib/errors.ts';
import type { Actor } from './audit.ts';
import { isUniqueViolation, rowsOf, type Database } from './client.ts';
import { auditInsertSql } from './locked-edit.ts';
import { literal } from './sql-fragments.ts';
import { nextUpdatedAt } from './versions.ts';
import { auditLog } from './schema/audit-log.ts';

/**
 * A bulk action (issue 31, decision 241): the rows a body names, each with the value it is to
 * have, changed in one transaction. Every row is locked first (in id order, so two bulk actions
 * over the same rows take turns instead of deadlocking); when any of them cannot be changed,
 * nothing is, and the 409 names each row that failed (`changes.<index>.id`) with its reason. Each
 * row changed writes its audit row in the same transaction. The answer gives each row's value
 * before and after, which is what an undo sends back.
 *
 * Each runs as one statement (issue 46, decisions 390 and 399): it locks, writes and audits every
 * row; a change that is more than an update of its rows' columns (a referral's points, a
 * notification's reads) names its own data-modifying statements.
 *
 * Column references are drizzle's (`"orders"."status"`); the row's new value is `change.value`
 * (the body's value as jsonb), its place in the body `change.ord`, and the locked row's value
 * `locked.before` (jsonb).
 */
export interface BulkAction<Value> {
  /** The audit's action (by the row's new value: 'user.deleted', 'user.restored') and entity. */
  action: AuditAction | ((value: Value) => AuditAction);
  entity: AuditEntity;
  /** Why a row the lock did not find cannot be changed, e.g. 'Order not found'. */
  missing: string;
  /** Why a row found cannot take its value (undefined: it can), checked before anything is kept. */
  refuse?(before: Value, after: Value): string | undefined;
  table: PgTable;
  id: AnyPgColumn;
  /** The rows that can be changed (besides their ids); the others are `missing`. */
  where?: SQL;
  /**
   * The row's value now, one SQL expression per key of Value (the answer's and audit's before);
   * a function of the admin acting when the value is theirs (a notification read by them).
   */
  value: ValueSql<Value> | ((actor: Actor) => ValueSql<Value>);
  /**
   * The write: an update of the rows (`set`, the SET list without `updated_at`, which
   * db/versions.ts's nextUpdatedAt moves), or data-modifying statements over `locked` and
   * `change` (a name each), for a change that is not an update of the rows.
   */
  write: { set: SQL; updatedAt: AnyPgColumn } | ((actor: Actor) => Record<string, SQL>);
  /**
   * A refusal only the write would meet (the unique index `index`), checked on the locked row
   * before it is written, so the statement does not fail: the row is named with `message`. A row
   * another transaction adds to the index after the check and commits before the write still
   * fails the write (23505): the whole action is then run once more, and its check sees that row.
   */
  refuseWrite?: { when: SQL; message: string; index: string };
  /**
   * Refusals the write itself finds, row after row (a referrer's balance that the rows before
   * have moved): the write's statement named `from` answers `(id, refusal)` for each row it
   * refused, and `message` words a refusal for the 409. Nothing is kept then, as for the others.
   */
  writeRefusals?: { from: string; message(refusal: unknown): string };
}

type ValueSql<Value> = { [Key in keyof Value]-?: SQL };

/**
 * The value and SET of a bulk delete and its undo (`{ deleted }`) over a "hidden since" column
 * (`deleted_at`, an offer's `retired_at`): hidden now, or shown again.
 */
export function deletedColumn(
  column: AnyPgColumn,
  updatedAt: AnyPgColumn,
): Pick<BulkAction<{ deleted: boolean }>, 'value' | 'write'> {
  return {
    value: { deleted: sql`${column} is not null` },
    write: {
      set: sql`${sql.identifier(column.name)} = case when (change.value->>'deleted')::boolean then now() end`,
      updatedAt,
    },
  };
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

export async function applyBulk<Value>(
  database: Database,
  bulk: BulkAction<Value>,
  request: BulkRequest<Value>,
  actor: Actor,
): Promise<BulkResult<Value>> {
  return runBulk(database, bulk, request, actor);
}

const actionOf = <Value>(bulk: BulkAction<Value>, value: Value): AuditAction =>
  typeof bulk.action === 'string' ? bulk.action : bulk.action(value);

const undoUnknown = () =>
  new BadRequestError(BULK_UNDO_UNKNOWN, [{ field: 'bulkId', message: BULK_UNDO_UNKNOWN }]);

/**
 * The refusals known from the locked rows (missing, or `refuse`), as the 409's field errors;
 * `current` answers a row's value, undefined when it was not found.
 */
function refusalsOf<Value>(
  bulk: BulkAction<Value>,
  changes: BulkRequest<Value>['changes'],
  current: (index: number) => Value | undefined,
): FieldError[] {
  const failed: FieldError[] = [];
  changes.forEach((change, index) => {
    const before = current(index);
    const message = before === undefined ? bulk.missing : bulk.refuse?.(before, change.value);
    if (message) failed.push({ field: `changes.${index}.id`, message });
  });
  return failed;
}

/**
 * A SetBulkAction in three round trips (decision 390): BEGIN; one statement that checks an
 * undo's bulkId, locks the rows in id order, writes those no write rule refuses, writes their
 * audit rows and answers each change's row before; COMMIT, or ROLLBACK when JavaScript's
 * refusals (`missing`, `refuse`, `refuseWrite`, `writeRefusals`: one 409) refuse any row.
 */
async function runBulk<Value>(
  database: Database,
  bulk: BulkAction<Value>,
  { changes, bulkId: undoing }: BulkRequest<Value>,
  actor: Actor,
): Promise<BulkResult<Value>> {
  const bulkId = undoing ?? randomUUID();
  const body = JSON.stringify(
    changes.map(({ id, value }) => ({ id, value, action: actionOf(bulk, value) })),
  );
  const valueSql = typeof bulk.value === 'function' ? bulk.value(actor) : bulk.value;
  const values = Object.entries(valueSql as Record<string, SQL>).map(
    ([key, value]) => sql`${literal(key)}, ${value}`,
  );
  const known =
    undoing === undefined
      ? sql`true`
      : sql`exists (select 1 from ${auditLog} where bulk_id = ${undoing}::uuid and entity = ${bulk.entity}::text)`;
  const { write } = bulk;
  const writes =
    typeof write === 'function'
      ? Object.entries(write(actor)).map(
          ([name, statement]) => sql`${sql.identifier(name)} as (${statement}),`,
        )
      : [
          sql`changed as (
            update ${bulk.table}
            set ${write.set}, ${sql.identifier(write.updatedAt.name)} = ${nextUpdatedAt(write.updatedAt)}
            from locked join change on change.id = locked.id
            where ${bulk.id} = locked.id and not locked.refused
          ),`,
        ];
  const statement = sql`with change as (
      select (e->>'id')::uuid as id, e->'value' as value, e->>'action' as action, ord
      from jsonb_array_elements(${body}::jsonb) with ordinality as x(e, ord)
    ), known as (select ${known} as ok),
    locked as (
      select ${bulk.id} as id, jsonb_build_object(${sql.join(values, sql`, `)}) as before,
        ${bulk.refuseWrite ? sql`coalesce(${bulk.refuseWrite.when}, false)` : sql`false`} as refused
      from ${bulk.table} join change on change.id = ${bulk.id}
      where ${bulk.where ?? sql`true`} and (select ok from known)
      order by ${bulk.id} for update of ${bulk.table}
    ), ${sql.join(writes, sql` `)}
    audit as (${auditInsertSql({
      action: sql`change.action`,
      entity: bulk.entity,
      actor,
      entityId: sql`locked.id`,
      before: sql`locked.before`,
      after: sql`change.value`,
      from: sql`locked join change on change.id = locked.id where not locked.refused`,
      bulkId,
    })})
    select locked.before, coalesce(locked.refused, false) as refused, (select ok from known) as known,
      ${
        bulk.writeRefusals
          ? sql`(select r.refusal from ${sql.identifier(bulk.writeRefusals.from)} r where r.id = change.id)`
          : sql`null::jsonb`
      } as write_refusal
    from change left join locked on locked.id = change.id
    order by change.ord`;
  const run = () =>
    database.db.transaction(async (tx) => {
      const rows = rowsOf<{
        before: Value | null;
        refused: boolean;
        known: boolean;
        write_refusal: unknown;
      }>(await tx.execute(statement));
      if (!rows[0]?.known) throw undoUnknown();
      let failed = refusalsOf(bulk, changes, (index) => rows[index]?.before ?? undefined);
      if (failed.length === 0)
        failed = rows.flatMap((row, index) =>
          row.refused && bulk.refuseWrite
            ? [{ field: `changes.${index}.id`, message: bulk.refuseWrite.message }]
            : [],
        );
      const { writeRefusals } = bulk;
      if (failed.length === 0 && writeRefusals)
        failed = rows.flatMap((row, index) =>
          row.write_refusal === null
            ? []
            : [{ field: `changes.${index}.id`, message: writeRefusals.message(row.write_refusal) }],
        );
      // Thrown inside the transaction: what the statement wrote is rolled back.
      if (failed.length > 0)
        throw new ConflictError(bulkRefused(failed.length, changes.length), failed);
      return {
        bulkId,
        changes: changes.map(({ id, value }, index) => ({
          id,
          before: rows[index]!.before as Value,
          after: value,
        })),
      };
    });
  try {
    return await run();
  } catch (error) {
    const index = bulk.refuseWrite?.index;
    if (index === undefined || !isUniqueViolation(error, index)) throw error;
    return run();
  }
}
