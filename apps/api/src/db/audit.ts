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
  /** Verb in the past tense of the business, e.g. `user.updated`, `auth.password_reset`. */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** The browser; by default the current request's (lib/request-context.ts). */
  userAgent?: string | null;
}

/**
 * DESIGN.md §5: every mutation writes one audit row in the same transaction as the change,
 * so pass the transaction, not the pool. Never put secrets (hashes, tokens, codes) in before/after.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ?? currentRequestContext()?.userAgent ?? null,
  });
}
