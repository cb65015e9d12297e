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
 * Each runs as one statement (issue 46, decisions 390, 399 and 437): it locks, writes and audits
 * every row; a change that is more than an update of its rows' columns (a referral's points, a
 * notification's reads) names its own data-modifying statements. When the statement decides every
 * refusal (no `writeRefusals`) it is sent alone, without BEGIN and COMMIT.
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
  /**
   * Why a row found cannot take its value (decision 437): each rule a boolean over the locked row
   * (the table's columns, before the change) and `change`; the first that holds names the row with
   * its message. The statement decides them, and writes nothing when any holds.
   */
  refusals?: readonly { when: SQL; message: string }[];
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
 * The value, SET and refusals of a bulk delete and its undo (`{ deleted }`) over a "hidden since"
 * column (`deleted_at`, an offer's `retired_at`): hidden now, or shown again. A row already
 * hidden cannot be hidden (`notFound`, as its single delete answers 404), nor a row shown be
 * brought back (`notDeleted`).
 */
export function deletedColumn(
  column: AnyPgColumn,
  updatedAt: AnyPgColumn,
  messages: { notFound: string; notDeleted: string },
): Pick<BulkAction<{ deleted: boolean }>, 'value' | 'write' | 'refusals'> {
  const deleting = sql`(change.value->>'deleted')::boolean`;
  return {
    value: { deleted: sql`${column} is not null` },
    write: {
      set: sql`${sql.identifier(column.name)} = case when ${deleting} then now() end`,
      updatedAt,
    },
    refusals: [
      { when: sql`${deleting} and ${column} is not null`, message: messages.notFound },
      { when: sql`not ${deleting} and ${column} is null`, message: messages.notDeleted },
    ],
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

/** A bulk action's statement answers, per change in the body's order. */
interface BulkRow<Value> {
  before: Value | null;
  refused: boolean;
  refusal: string | null;
  known: boolean;
  write_refusal: unknown;
}

/**
 * The refusals known from the locked rows (missing, or a `refusals` rule), as the 409's
 * field errors; then, when there are none, those only the write would meet (`refuseWrite`) and
 * those the write found (`writeRefusals`).
 */
function refusalsOf<Value>(
  bulk: BulkAction<Value>,
  changes: BulkRequest<Value>['changes'],
  rows: readonly BulkRow<Value>[],
): FieldError[] {
  const named = (message: (row: BulkRow<Value>, index: number) => string | null | undefined) =>
    changes.flatMap((_change, index) => {
      const row = rows[index];
      const text = row === undefined ? bulk.missing : message(row, index);
      return text ? [{ field: `changes.${index}.id`, message: text }] : [];
    });
  let failed = named((row) => (row.before === null ? bulk.missing : row.refusal));
  const { refuseWrite, writeRefusals } = bulk;
  if (failed.length === 0 && refuseWrite)
    failed = named((row) => (row.refused ? refuseWrite.message : undefined));
  if (failed.length === 0 && writeRefusals)
    failed = named((row) =>
      row.write_refusal === null ? undefined : writeRefusals.message(row.write_refusal),
    );
  return failed;
}

/**
 * Whether the statement itself decides every refusal (decision 437): then it writes nothing
 * unless no row is refused, and runs alone, its own transaction. Refusals the write finds
 * (`writeRefusals`, a referral's points) are known only after the writes: BEGIN, the statement,
 * then COMMIT or ROLLBACK (decision 390).
 */
const decidedInSql = <Value>(bulk: BulkAction<Value>) => bulk.writeRefusals === undefined;

/** The data-modifying statements of the write, over `locked` and `change`. */
function writesOf<Value>(bulk: BulkAction<Value>, actor: Actor): SQL[] {
  const { write } = bulk;
  if (typeof write === 'function')
    return Object.entries(write(actor)).map(
      ([name, statement]) => sql`${sql.identifier(name)} as (${statement})`,
    );
  return [
    sql`changed as (
      update ${bulk.table}
      set ${write.set}, ${sql.identifier(write.updatedAt.name)} = ${nextUpdatedAt(write.updatedAt)}
      from locked join change on change.id = locked.id
      where ${bulk.id} = locked.id and not locked.refused
    )`,
  ];
}

/** The first `refusals` rule that holds on the locked row, as its message (null: none). */
function refusalSql<Value>(bulk: BulkAction<Value>): SQL {
  const rules = bulk.refusals ?? [];
  if (rules.length === 0) return sql`null::text`;
  const cases = rules.map(({ when, message }) => sql`when ${when} then ${message}::text`);
  return sql`case ${sql.join(cases, sql` `)} end`;
}

/**
 * The one statement of a bulk action (decisions 390 and 437): it checks an undo's bulkId, locks
 * the rows in id order (`lock_rows`), decides each row's refusals on the locked row, writes (over
 * `locked`: every locked row, or, when decidedInSql, none unless no change is refused) with
 * their audit rows, and answers each change's row before and its refusals. The audit rows are
 * listed before the writes: PostgreSQL 15 runs data-modifying CTEs that nothing reads in the
 * reverse of their order (its way, not a documented promise; any order gives the same result),
 * so the audit chain's lock (decision 413), taken by the first audit row and held to the commit,
 * is taken after the rows are written.
 */
function bulkStatement<Value>(
  bulk: BulkAction<Value>,
  { changes, bulkId: undoing }: BulkRequest<Value>,
  bulkId: string,
  actor: Actor,
): SQL {
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
  // Nothing is written when any change is refused: no row locked, or a rule holds.
  const go = decidedInSql(bulk)
    ? sql`(select ok from known) and not exists (select 1 from change c
        left join lock_rows l on l.id = c.id
        where l.id is null or l.refused or l.refusal is not null)`
    : sql`true`;
  return sql`with change as (
      select (e->>'id')::uuid as id, e->'value' as value, e->>'action' as action, ord
      from jsonb_array_elements(${body}::jsonb) with ordinality as x(e, ord)
    ), known as (select ${known} as ok),
    lock_rows as (
      select ${bulk.id} as id, jsonb_build_object(${sql.join(values, sql`, `)}) as before,
        ${bulk.refuseWrite ? sql`coalesce(${bulk.refuseWrite.when}, false)` : sql`false`} as refused,
        ${refusalSql(bulk)} as refusal
      from ${bulk.table} join change on change.id = ${bulk.id}
      where ${bulk.where ?? sql`true`} and (select ok from known)
      order by ${bulk.id} for update of ${bulk.table}
    ), locked as (select * from lock_rows where ${go}),
    audit as (${auditInsertSql({
      action: sql`change.action`,
      entity: bulk.entity,
      actor,
      entityId: sql`locked.id`,
      before: sql`locked.before`,
      after: sql`change.value`,
      from: sql`locked join change on change.id = locked.id where not locked.refused`,
      bulkId,
    })}),
    ${sql.join(writesOf(bulk, actor), sql`, `)}
    select lock_rows.before, coalesce(lock_rows.refused, false) as refused, lock_rows.refusal,
      (select ok from known) as known,
      ${
        bulk.writeRefusals
          ? sql`(select r.refusal from ${sql.identifier(bulk.writeRefusals.from)} r where r.id = change.id)`
          : sql`null::jsonb`
      } as write_refusal
    from change left join lock_rows on lock_rows.id = change.id
    order by change.ord`;
}

/**
 * A SetBulkAction as one statement (decisions 390 and 437): alone, one round trip, when the
 * statement decides every refusal (decidedInSql); else BEGIN, the statement, and COMMIT, or
 * ROLLBACK when the write refused any row (`writeRefusals`). Either way a refused row makes one
 * 409 naming each, and nothing is kept.
 */
async function runBulk<Value>(
  database: Database,
  bulk: BulkAction<Value>,
  request: BulkRequest<Value>,
  actor: Actor,
): Promise<BulkResult<Value>> {
  const { changes } = request;
  const bulkId = request.bulkId ?? randomUUID();
  const statement = bulkStatement(bulk, request, bulkId, actor);
  const decide = (rows: BulkRow<Value>[]): BulkResult<Value> => {
    if (!rows[0]?.known) throw undoUnknown();
    const failed = refusalsOf(bulk, changes, rows);
    // Thrown inside the transaction, when there is one: what the statement wrote is rolled back.
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
  };
  const run = async () =>
    decidedInSql(bulk)
      ? decide(rowsOf<BulkRow<Value>>(await database.db.execute(statement)))
      : database.db.transaction(async (tx) =>
          decide(rowsOf<BulkRow<Value>>(await tx.execute(statement))),
        );
  try {
    return await run();
  } catch (error) {
    const index = bulk.refuseWrite?.index;
    if (index === undefined || !isUniqueViolation(error, index)) throw error;
    return run();
  }
}
