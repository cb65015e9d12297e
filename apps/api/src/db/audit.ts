import type { AuditAction, AuditEntity } from '@cask/contracts/audit';
import type { DbOrTx } from './client.ts';
import { currentRequestContext } from '../lib/request-context.ts';
import { auditLog } from './schema/audit-log.ts';

/** The signed-in admin acting, and from where: what most audit entries record. */
export interface Actor {
  adminId: string;
  ip: string;
}

export interface AuditEntry {
  /** The admin who did it; null for anonymous actions such as a password reset by code. */
  adminId: string | null;
  /**
   * Verb in the past tense of the business, e.g. `user.updated`, `auth.password_reset`: one of
   * contracts' labelled actions, so a new one needs its label first (docs/decisions/310).
   */
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** The browser; by default the current request's (lib/request-context.ts). */
  userAgent?: string | null;
  /** The bulk change (and its undo) this row is one row of (db/bulk.ts, docs/decisions/311). */
  bulkId?: string | null;
}

/**
 * Fields that hold a secret by their name: a password, a token or its hash, a one-time code. An
 * entry never carries their values, even if a caller passed one by mistake
 * (docs/architecture.md#audit).
 */
const SECRET_FIELD = /password|secret|otp|^(access|refresh)?token$|tokenhash|^code$|codehash/i;
export const SECRET_WITHHELD = '[withheld]';

/** Whether a field's name says it holds a secret (db/locked-edit.ts refuses such a field). */
export function isSecretField(key: string): boolean {
  return SECRET_FIELD.test(key);
}

/** `value` with the value of every secret-named field, at any depth, replaced. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      isSecretField(key) ? SECRET_WITHHELD : withoutSecrets(field),
    ]),
  );
}

/**
 * docs/architecture.md#audit: every mutation writes one audit row in the same transaction as the
 * change, so pass the transaction, not the pool. Never put secrets (hashes, tokens, codes) in
 * before/after.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await writeAudits(tx, [entry]);
}

/** Rows an INSERT of the audit log carries at most: 9 parameters a row, under PostgreSQL's 65,535. */
const AUDIT_ROWS_PER_INSERT = 1000;

/**
 * Several audit rows in the caller's transaction, as writeAudit writes one, in as few INSERTs as
 * PostgreSQL's parameter limit allows (an import's valuations, issue 44).
 */
export async function writeAudits(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  const userAgent = currentRequestContext()?.userAgent ?? null;
  for (let from = 0; from < entries.length; from += AUDIT_ROWS_PER_INSERT) {
    await tx.insert(auditLog).values(
      entries.slice(from, from + AUDIT_ROWS_PER_INSERT).map((entry) => ({
        adminId: entry.adminId,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId ?? null,
        before: withoutSecrets(entry.before ?? null),
        after: withoutSecrets(entry.after ?? null),
        ip: entry.ip ?? null,
        userAgent: entry.userAgent ?? userAgent,
        bulkId: entry.bulkId ?? null,
      })),
    );
  }
}
