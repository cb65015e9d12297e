import type { AuditListParams } from '@cask/contracts/audit';
import { verifyAuditChain } from '../../db/audit-chain.ts';
import type { Database } from '../../db/client.ts';
import { createAuditList, findAdmins } from './audit.repository.ts';

/** The list's CSV export (issue 29), declared in its repository, for its routes' routeListExport. */
export { auditExport } from './audit.repository.ts';

export type AuditService = ReturnType<typeof createAuditService>;

/** Issue 29: reading the audit log; writing it is db/audit.ts, in each change's transaction. */
export function createAuditService({ database }: { database: Database }) {
  const readAuditList = createAuditList(database);
  return {
    async list(query: AuditListParams) {
      const answer = await readAuditList(query);
      return { entries: answer.items, pagination: answer.pagination };
    },
    async admins(search: string | undefined) {
      return { admins: await findAdmins(database, search) };
    },
    /** Issue 45: the hash chain walked from its first entry (db/audit-chain.ts, decision 413). */
    verify() {
      return verifyAuditChain(database.db);
    },
  };
}
