import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntity } from '@cask/contracts/audit';
import { RECORD_CHANGED_ELSEWHERE } from '@cask/contracts/common';
import { currentRequestContext } from '../lib/request-context.ts';
import { PreconditionFailedError } from '../lib/errors.ts';
import type { ExpectedRecordVersions } from '../lib/preconditions.ts';
import { isSecretField, type Actor } from './audit.ts';
import { rowsOf, type DbOrTx } from './client.ts';
import { auditLog } from './schema/audit-log.ts';
import { literal } from './sql-fragments.ts';
import { nextUpdatedAt, versionSql } from './versions.ts';

/**
 * A save in one statement (issue 46, docs/decisions/389 and 390): the lock, the version check,
 * the change, its audit row and the answer are one `WITH` statement, so a save is one round trip
 * to PostgreSQL instead of six (a bulk action three instead of 3 + 2 per row). This file holds the
 * two parts every such save shares: the audit row written inside a statement, and the edit of one
 * locked row. writeAudit (db/audit.ts) stays the way of every other audit row.
 */

/**
 * An audit entry's before or after as `jsonb_build_object` of named SQL expressions: the same
 * keys and values the entry held when written from JavaScript. A secret-named field is refused
 * when the statement is built (db/audit.ts's rule: an entry never carries a secret).
 */
export function auditJson(fields: Record<string, SQL>): SQL {
  for (const key of Object.keys(fields))
    if (isSecretField(key)) throw new Error(`An audit entry never holds the secret ${key}`);
  return jsonOf(fields);
}

/** `jsonb_build_object` of named SQL expressions. */
function jsonOf(fields: Record<string, SQL>): SQL {
  const entries = Object.entries(fields).map(([key, value]) => sql`${literal(key)}, ${value}`);
  return sql`jsonb_build_object(${sql.join(entries, sql`, `)})`;
}

/** One audit row per row of `from` (a statement's CTEs), as writeAudit writes one. */
export interface AuditRows {
  action: AuditAction | SQL;
  entity: AuditEntity;
  actor: Actor;
  /** The row's id, over `from`. */
  entityId: SQL;
  /** jsonb over `from` (auditJson, or a change's value). */
  before: SQL;
  after: SQL;
  /** What the rows are selected from: `before join after on ...`. */
  from: SQL;
  bulkId?: string;
}

/**
 * `insert into audit_log ... select ... from <from>`: writeAudit's row (the admin, the address,
 * the request's User-Agent) written by the statement that makes the change.
 */
export function auditInsertSql(rows: AuditRows): SQL {
  const userAgent = currentRequestContext()?.userAgent ?? null;
  return sql`insert into ${auditLog} (admin_id, action, entity, entity_id, before, after, ip, user_agent, bulk_id)
    select ${rows.actor.adminId}::uuid, ${rows.action}::text, ${rows.entity}::text, (${rows.entityId})::text,
      ${rows.before}, ${rows.after}, ${rows.actor.ip}::text, ${userAgent}::text, ${rows.bulkId ?? null}::uuid
    from ${rows.from}`;
}

/** Whether `versionColumn`'s version is one the save expects (SQL; true without If-Match). */
function expectedVersionSql(expected: ExpectedRecordVersions, versionColumn: SQL): SQL {
  if (expected === undefined) return sql`true`;
  if (expected.length === 0) return sql`false`;
  return sql`${versionSql(versionColumn)} in (${sql.join(
    expected.map((version) => sql`${version}::text`),
    sql`, `,
  )})`;
}

/**
 * The edit of one row with If-Match (docs/decisions/389). Column references are drizzle's
 * (`"customers"."is_active"`): in `read` and `refusals` they are the locked row's values before
 * the change, in `set` the right-hand sides read them too, in `audit.after` and `answer` they are
 * the row as saved (the update's RETURNING).
 */
export interface LockedEdit {
  table: PgTable;
  id: AnyPgColumn;
  updatedAt: AnyPgColumn;
  /** Finds the row that can be changed (its id, not deleted...): none is a 404. */
  where: SQL;
  /**
   * Rows locked with the row, in the order written (`join customers referrer on ...`): a
   * referral's referrer, whose points the save moves. `read`, `refusals` and `audit.before` may
   * read them; they are read at their newest, as the row is.
   */
  join?: SQL;
  /** What the caller needs of the row before the change (json keys), e.g. to choose a refusal. */
  read?: Record<string, SQL>;
  /** Rules the change must keep (SQL booleans, true: refused), checked on the locked row. */
  refusals?: Record<string, SQL>;
  /** The SET list without `updated_at`, which the edit sets (db/versions.ts's nextUpdatedAt). */
  set: SQL;
  audit: {
    action: AuditAction;
    entity: AuditEntity;
    actor: Actor;
    before: Record<string, SQL>;
    after: Record<string, SQL>;
  };
  /**
   * The answer as json over the saved row (the RETURNING), e.g. jsonObject<User>; never null (a
   * null answer reads as nothing saved), `true` when the caller reads its answer after.
   */
  answer: SQL;
  /**
   * The statement reads rows other than the locked one (an order's last note) that a save it
   * waited for may have written: the statement reads them from its snapshot, taken before the
   * wait, so when the row changed since then it writes nothing and runs again (a save that
   * waited is then one more round trip).
   */
  readsOtherRows?: boolean;
  /** More data-modifying CTEs over `before` and `after` (e.g. an order's note): name to SQL. */
  also?: Record<string, SQL>;
  expected: ExpectedRecordVersions;
  /** The error of a row not found. */
  notFound: () => Error;
  /**
   * The error of each refusal, by its name (checked in `refusals`' order, after the version),
   * made from what `read` read.
   */
  refused?: Record<string, (read: Record<string, unknown>) => Error>;
}

/**
 * Runs a LockedEdit as one statement in autocommit (a statement is its own transaction):
 *
 * `with before as (select ... for update), after as (update ... from before where <version
 * matches> and <no refusal> returning ...), audit as (insert ... from before join after), ...
 * select before's fields, after's answer from before left join after`.
 *
 * Nothing found: the edit's 404; found but not changed: 412 when the version did not match, else
 * the first refusal that holds. Two saves of one row take turns on the row lock; the second
 * reads the first's saved row (READ COMMITTED re-reads a row it waited for), so its version check
 * sees the first's version.
 */
export async function runLockedEdit<Read = Record<string, unknown>, Answer = unknown>(
  db: DbOrTx,
  edit: LockedEdit,
): Promise<{ read: Read; answer: Answer }> {
  const refusals = Object.entries(edit.refusals ?? {});
  const refusedColumn = (index: number) => sql.identifier(`refused_${index}`);
  const updatedAtName = sql.identifier(edit.updatedAt.name);
  // The locked row's version is its newest (READ COMMITTED re-reads a row it waited for); the
  // same row in the statement's snapshot is older when another save committed during the wait.
  const raced = edit.readsOtherRows
    ? sql`(select x.${updatedAtName} from ${edit.table} x where x.${sql.identifier(edit.id.name)} = ${edit.id}) is distinct from ${edit.updatedAt}`
    : sql`false`;
  const also = Object.entries(edit.also ?? {}).map(
    ([name, statement]) => sql`, ${sql.identifier(name)} as (${statement})`,
  );
  const statement = sql`with before as (
      select ${edit.id} as id, ${edit.updatedAt} as updated_at,
        ${auditJson(edit.audit.before)} as audit, ${jsonOf(edit.read ?? {})} as read,
        ${raced} as raced
        ${sql.join(refusals.map(([, when], index) => sql`, (${when}) as ${refusedColumn(index)}`))}
      from ${edit.table} ${edit.join ?? sql``} where ${edit.where} for update
    ), after as (
      update ${edit.table}
      set ${edit.set}, ${updatedAtName} = ${nextUpdatedAt(edit.updatedAt)}
      from before
      where ${edit.id} = before.id and ${expectedVersionSql(edit.expected, sql`before.updated_at`)}
        and not before.raced
        ${sql.join(refusals.map((_refusal, index) => sql` and not before.${refusedColumn(index)}`))}
      returning ${edit.id} as id, ${auditJson(edit.audit.after)} as audit, ${edit.answer} as answer
    ), audit as (${auditInsertSql({
      action: edit.audit.action,
      entity: edit.audit.entity,
      actor: edit.audit.actor,
      entityId: sql`before.id`,
      before: sql`before.audit`,
      after: sql`after.audit`,
      from: sql`before join after on after.id = before.id`,
    })})${sql.join(also)}
    select ${versionSql(sql`before.updated_at`)} as version, before.read as read,
      before.raced as raced,
      jsonb_build_array(${sql.join(
        refusals.map((_refusal, index) => sql`before.${refusedColumn(index)}`),
        sql`, `,
      )}) as refused,
      after.answer as answer
    from before left join after on after.id = before.id`;
  for (;;) {
    const [row] = rowsOf<{
      version: string;
      read: Read;
      raced: boolean;
      refused: boolean[];
      answer: Answer | null;
    }>(await db.execute(statement));
    if (!row) throw edit.notFound();
    if (row.answer !== null) return { read: row.read, answer: row.answer };
    if (edit.expected !== undefined && !edit.expected.includes(row.version))
      throw new PreconditionFailedError(RECORD_CHANGED_ELSEWHERE);
    if (row.raced) continue;
    const index = row.refused.findIndex(Boolean);
    const refusal = index < 0 ? undefined : edit.refused?.[refusals[index]![0]];
    if (refusal) throw refusal(row.read as Record<string, unknown>);
    throw new Error('A locked edit changed nothing without a reason');
  }
}
