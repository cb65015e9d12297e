import { http } from 'msw';
import type { AuditListResponse } from '@cask/contracts/audit';
import { json, page, queryOf } from '../respond.ts';
import { db } from '../store.ts';

/** The audit log and its Admin filter's choices, as modules/audit answers them. */
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
];
