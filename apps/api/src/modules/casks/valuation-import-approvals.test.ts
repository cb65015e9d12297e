import { eq } from 'drizzle-orm';
import { APPROVAL_REASON_REQUIRED, SENT_FOR_APPROVAL } from '@cask/contracts/approval-request';
import {
  APPROVAL_OUTDATED,
  DEFAULT_APPROVAL_POLICY,
  type Approval,
  type ApprovalResponse,
} from '@cask/contracts/approvals';
import { todayIso, type CaskRecordResponse } from '@cask/contracts/cask-records';
import {
  VALUATION_IMPORT_STALE,
  type ValuationImportPreview,
} from '@cask/contracts/valuation-imports';
import { beforeAll, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { caskValuations, casks, valuationImports } from '../../db/schema/casks.ts';
import { useTestContext } from '../../../test/support/app.ts';
import { decideApproval } from '../../../test/support/approvals.ts';
import {
  auditEntriesOf,
  createCask,
  rowCount,
  storedRow,
} from '../../../test/support/factories.ts';
import { getData, postCsvImport } from '../../../test/support/requests.ts';
import { createAdmin, type TestAdmin } from '../../../test/support/sign-in.ts';
import {
  previewAndApplyValuations,
  VALUATION_APPLY_URL,
  VALUATION_PREVIEW_URL,
} from '../../../test/support/valuation-imports.ts';

// Issue 45 (docs/screens/approvals.md, decision 433): while the Approvals policy's 'Valuation
// change above' is on, every applied valuations import waits for a second admin.
const ctx = useTestContext();
let owner: TestAdmin;
let asker: TestAdmin;

beforeAll(async () => {
  owner = await createAdmin(ctx, { role: 'owner', fullName: 'Olga Owner' });
  asker = await createAdmin(ctx, { role: 'admin', fullName: 'Ivan Importer' });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/approvals',
    headers: owner.headers,
    payload: { ...DEFAULT_APPROVAL_POLICY, valuationChange: { on: true, abovePercent: 25 } },
  });
  expect(res.statusCode, res.body).toBe(200);
});

/** Two casks valued 10,000 and a file moving each by a few percent (under the threshold). */
async function smallChanges() {
  const first = await createCask(ctx, { currentValue: '10000.00' });
  const second = await createCask(ctx, { currentValue: '10000.00' });
  const file = [
    'cask_id,date,value,source,note',
    `${first.id},${todayIso()},10500,Broker quote,March quote`,
    `${second.id},${todayIso()},9800,Broker quote,`,
  ].join('\n');
  return { first, second, file };
}

test('an applied import is sent for approval, whatever its changes: 202, a reason required, nothing recorded', async () => {
  const { first, file } = await smallChanges();
  const valuations = await rowCount(ctx, caskValuations);
  const imports = await rowCount(ctx, valuationImports);

  const bare = await previewAndApplyValuations(ctx, asker, file, { fileName: 'march.csv' });
  expect(bare.statusCode).toBe(400);
  expect(bare.json().errors[0]).toMatchObject({
    field: 'reason',
    message: APPROVAL_REASON_REQUIRED,
  });

  const res = await previewAndApplyValuations(ctx, asker, file, {
    reason: 'Broker quotes of March',
    fileName: 'march.csv',
  });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().message).toBe(SENT_FOR_APPROVAL);
  const approval = res.json<{ data: { approval: Approval } }>().data.approval;
  expect(approval).toMatchObject({
    action: 'valuationImport',
    status: 'pending',
    recordId: null,
    record: 'march.csv',
    summary: '2 valuations from march.csv',
    reason: 'Broker quotes of March',
    requestedBy: { id: asker.id },
    before: {},
    after: { file: 'march.csv', valuations: 2, alreadyRecorded: 0, refusedRows: 0, flagged: 0 },
  });
  expect(approval.after.fileHash).toMatch(/^[0-9a-f]{64}$/);
  // Nothing recorded yet.
  expect(await rowCount(ctx, caskValuations)).toBe(valuations);
  expect(await rowCount(ctx, valuationImports)).toBe(imports);
  expect((await storedRow(ctx, casks, first.id))?.currentValue).toBe('10000.00');
  const [requested] = await auditEntriesOf(ctx, {
    action: 'approval.requested',
    entity: 'cask',
  }).then((entries) =>
    entries.filter((entry) => (entry.after as { approvalId?: string })?.approvalId === approval.id),
  );
  expect(requested).toMatchObject({ adminId: asker.id });
  // The request holds the file and the preview's token that guard it.
  const [stored] = await ctx.database.db
    .select()
    .from(approvals)
    .where(eq(approvals.id, approval.id));
  expect(stored?.body).toMatchObject({ fileName: 'march.csv', dateOrder: 'iso' });
  expect(Buffer.from((stored?.body as { file: string }).file, 'base64').toString()).toBe(file);
});

test('approved, the import is applied in one go as the asker’s, approved by the approver', async () => {
  const { first, second, file } = await smallChanges();
  const res = await previewAndApplyValuations(ctx, asker, file, {
    reason: 'Broker quotes of March',
    fileName: 'march.csv',
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ data: { approval: Approval } }>().data.approval;

  const approved = await decideApproval(ctx, owner, id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json<ApprovalResponse>().data.approval.status).toBe('approved');
  expect((await storedRow(ctx, casks, first.id))?.currentValue).toBe('10500.00');
  expect((await storedRow(ctx, casks, second.id))?.currentValue).toBe('9800.00');
  const [applied] = await ctx.database.db
    .select()
    .from(valuationImports)
    .where(
      eq(
        valuationImports.fileHash,
        String(approved.json<ApprovalResponse>().data.approval.after.fileHash),
      ),
    );
  expect(applied).toMatchObject({ adminId: asker.id, recorded: 2, fileName: 'march.csv' });
  const valued = await auditEntriesOf(ctx, {
    action: 'cask.valued',
    entityId: [first.id, second.id],
  });
  expect(valued).toHaveLength(2);
  for (const entry of valued) {
    expect(entry).toMatchObject({ adminId: asker.id });
    expect(entry.after).toMatchObject({ approvalId: id, approvedBy: 'Olga Owner' });
  }
  // Approved once: again is 409 and records nothing twice.
  expect((await decideApproval(ctx, owner, id, 'approve')).statusCode).toBe(409);
  expect(await auditEntriesOf(ctx, { action: 'cask.valued', entityId: first.id })).toHaveLength(1);
});

test('when a cask of the file changed meanwhile, approving applies nothing and the request is Outdated', async () => {
  const { first, second, file } = await smallChanges();
  const res = await previewAndApplyValuations(ctx, asker, file, {
    reason: 'Broker quotes of March',
    fileName: 'march.csv',
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ data: { approval: Approval } }>().data.approval;
  // Another admin values the second cask by hand (a small change: recorded at once).
  const byHand = await ctx.app.inject({
    method: 'POST',
    url: `/api/casks/${second.id}/valuations`,
    headers: owner.headers,
    payload: { valuedOn: todayIso(), value: '10100', source: 'Internal model' },
  });
  expect(byHand.statusCode, byHand.body).toBe(201);
  const valuations = await rowCount(ctx, caskValuations);

  const approved = await decideApproval(ctx, owner, id, 'approve');
  expect(approved.statusCode).toBe(409);
  expect(approved.json().message).toBe(APPROVAL_OUTDATED);
  expect(await rowCount(ctx, caskValuations)).toBe(valuations);
  expect((await storedRow(ctx, casks, first.id))?.currentValue).toBe('10000.00');
  expect((await storedRow(ctx, casks, second.id))?.currentValue).toBe('10100.00');
  const { approval } = await getData<ApprovalResponse>(ctx, owner, `/api/approvals/${id}`);
  expect(approval.status).toBe('outdated');
  const outdated = await auditEntriesOf(ctx, { action: 'approval.outdated', entity: 'cask' });
  expect(
    outdated.filter((entry) => (entry.after as { approvalId?: string })?.approvalId === id),
  ).toHaveLength(1);
});

test('a preview gone stale before it is sent is refused as before (409), and no request is made', async () => {
  const { first, file } = await smallChanges();
  const previewed = await postCsvImport(ctx, asker, VALUATION_PREVIEW_URL, file, {}, 'march.csv');
  const { previewToken } = previewed.json<{ data: ValuationImportPreview }>().data;
  await ctx.app.inject({
    method: 'POST',
    url: `/api/casks/${first.id}/valuations`,
    headers: owner.headers,
    payload: { valuedOn: todayIso(), value: '10200', source: 'Internal model' },
  });
  const requests = await rowCount(ctx, approvals);
  const res = await postCsvImport(ctx, asker, VALUATION_APPLY_URL, file, {
    previewToken,
    reason: 'Quotes',
  });
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toBe(VALUATION_IMPORT_STALE);
  expect(await rowCount(ctx, approvals)).toBe(requests);
});

test('a valuation asked with If-Match whose cask changed meanwhile becomes Outdated on approval, not a 412', async () => {
  const cask = await createCask(ctx, { currentValue: '10000.00' });
  const { version } = (
    await getData<CaskRecordResponse>(ctx, owner, `/api/casks/${cask.id}/record`)
  ).cask;
  const asked = await ctx.app.inject({
    method: 'POST',
    url: `/api/casks/${cask.id}/valuations`,
    headers: { ...asker.headers, 'if-match': `"${version}"` },
    payload: { valuedOn: todayIso(), value: '20000', source: 'Broker quote', reason: 'Auction' },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const { id } = asked.json<{ data: { approval: Approval } }>().data.approval;
  const byHand = await ctx.app.inject({
    method: 'POST',
    url: `/api/casks/${cask.id}/valuations`,
    headers: owner.headers,
    payload: { valuedOn: todayIso(), value: '10100', source: 'Internal model' },
  });
  expect(byHand.statusCode, byHand.body).toBe(201);
  const approved = await decideApproval(ctx, owner, id, 'approve');
  expect(approved.statusCode).toBe(409);
  expect(approved.json().message).toBe(APPROVAL_OUTDATED);
  expect((await storedRow(ctx, casks, cask.id))?.currentValue).toBe('10100.00');
  const { approval } = await getData<ApprovalResponse>(ctx, owner, `/api/approvals/${id}`);
  expect(approval.status).toBe('outdated');
});
