import { http } from 'msw';
import {
  AUDIT_VERIFY_OWNER_ONLY,
  type AuditAdmin,
  type AuditListResponse,
  type AuditVerificationResponse,
} from '@cask/contracts/audit';
import { apiError, json, page, queryOf } from '../respond.ts';
import { ada, anAuditEntry } from '../factories.ts';
import { db, seedApi } from '../store.ts';

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

/** An admin of the audit log besides Ada (the Admin filter's second choice). */
export const otto: AuditAdmin = {
  id: '9e2b7c1a-3d4f-4a5b-8c6d-7e8f9a0b1c2d',
  fullName: 'Otto Other',
  email: 'o@x.io',
};

/**
 * The Audit Log's API: three entries, newest first (Isla Grant's on 5 March, Otto's change of the
 * cask Springbank 2012 on 4 March, a failed sign-in of an unknown e-mail on 1 March), and Ada and
 * Otto to filter by.
 */
export function auditApi() {
  return seedApi({
    auditAdmins: [{ id: ada.id, fullName: ada.fullName, email: ada.email }, otto],
    audit: [
      anAuditEntry({ recordName: 'Isla Grant', time: '2026-03-05T10:00:00.000Z' }),
      anAuditEntry({
        action: 'cask.updated',
        entity: 'cask',
        recordType: 'cask',
        recordName: 'Springbank 2012',
        adminId: otto.id,
        admin: otto,
        before: { status: 'Maturing', notes: 'Sample taken' },
        after: { status: 'Ready', notes: 'Sample taken' },
        time: '2026-03-04T10:00:00.000Z',
      }),
      anAuditEntry({
        action: 'auth.sign_in_failed',
        entity: 'admin',
        recordType: 'admin',
        recordName: null,
        adminId: null,
        admin: null,
        recordId: null,
        before: null,
        after: { email: 'who@x.io', reason: 'unknown_email', password: 'leaked?' },
        time: '2026-03-01T10:00:00.000Z',
      }),
    ],
  });
}
