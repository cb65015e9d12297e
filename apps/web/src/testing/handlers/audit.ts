import { http } from 'msw';
import {
  AUDIT_VERIFY_OWNER_ONLY,
  type AuditListResponse,
  type AuditVerificationResponse,
} from '@cask/contracts/audit';
import { apiError, json, page, queryOf } from '../respond.ts';
import { db } from '../store.ts';

/**
 * The audit log, its Admin filter's choices and its verification (Owners only, issue 45), as
 * modules/audit answers them.
 */
export const auditHandlers = [
  http.get('/api/audit', ({ request }) => {
    // As the API: every given filter narrows; the search is a record id or a name's part.
    const query = queryOf(request);
    const search = (query.search ?? '').toLowerCase();
    const kept = db().audit.filter(
      (entry) =>
        (!query.admin || entry.adminId === query.admin) &&
        (!query.action || entry.action === query.action) &&
        (!query.recordType || entry.recordType === query.recordType) &&
        (!query.recordId || entry.recordId === query.recordId) &&
        (!query.from || entry.time >= query.from) &&
        (!query.to || entry.time < query.to) &&
        (!search ||
          entry.recordId === query.search ||
          (entry.recordName ?? '').toLowerCase().includes(search)),
    );
    const { rows, pagination } = page(kept, query, 20);
    return json(200, {
      success: true,
      data: { entries: rows, pagination },
    } satisfies AuditListResponse);
  }),
  http.get('/api/audit/admins', ({ request }) => {
    const search = (queryOf(request).search ?? '').toLowerCase();
    return json(200, {
      success: true,
      data: {
        admins: db().auditAdmins.filter((a) => a.fullName.toLowerCase().includes(search)),
      },
    });
  }),
  http.get('/api/audit/verification', () => {
    if (db().profile.role !== 'owner') {
      return apiError(403, AUDIT_VERIFY_OWNER_ONLY);
    }
    return json(200, {
      success: true,
      data: db().auditVerification,
    } satisfies AuditVerificationResponse);
  }),
];
