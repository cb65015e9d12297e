import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { APPROVAL_NOT_PENDING, APPROVAL_NOTE_REQUIRED } from '@cask/contracts/approvals';
import {
  STEP_UP_PASSWORD,
  aCustomer,
  ada,
  anApproval,
  apiError,
  http,
  olive,
  seedApi,
  server,
} from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { bodyRows, cellText, dialog, findTable, row } from '@/testing/queries.ts';

afterEach(() => {
  toast.remove();
});

const morag = aCustomer({ fullName: 'Morag Campbell', referralPoints: 120 });
const pointsRequest = () => anApproval({ recordId: morag.id });

/** Opens a request's dialog from its row's Requested time. */
async function openRequest(user: Awaited<ReturnType<typeof renderApp>>['user'], record: string) {
  const requests = await findTable('Approvals');
  await user.click(within(row(requests, record)).getAllByRole('button')[0]!);
  return dialog(new RegExp(record));
}

test('the list shows Requested, By, Action, Record, Summary and Status; its filters live in the URL', async () => {
  const api = seedApi({
    approvals: [
      pointsRequest(),
      anApproval({
        action: 'transferOwnership',
        record: 'Glen Oak 1998',
        summary: 'Owner: Isla Grant -> Ewan Ross',
        status: 'rejected',
      }),
    ],
  });
  const { user, router } = await renderApp({ route: '/approvals' });
  const requests = await findTable('Approvals');
  expect(bodyRows(requests)).toHaveLength(2);
  expect(cellText(requests, 'Morag Campbell', 'By')).toBe('Olive Owner');
  expect(cellText(requests, 'Morag Campbell', 'Action')).toBe('Manual points');
  expect(cellText(requests, 'Morag Campbell', 'Summary')).toBe('+5000 points');
  expect(cellText(requests, 'Morag Campbell', 'Status')).toBe('Pending');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
  await waitFor(() => expect(router.state.location.search).toBe('?status=rejected'));
  await waitFor(() => expect(bodyRows(requests)).toHaveLength(1));
  expect(cellText(requests, 'Glen Oak 1998', 'Status')).toBe('Rejected');
  expect(api.sent('GET', '/api/approvals').at(-1)?.query).toMatchObject({ status: 'rejected' });

  await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Manual points');
  await waitFor(() =>
    expect(router.state.location.search).toBe('?status=rejected&action=manualPoints'),
  );
  expect(await screen.findByText('No approval requests.')).toBeInTheDocument();
});

test('a filtered link opens with its filters chosen', async () => {
  seedApi({
    approvals: [pointsRequest(), anApproval({ record: 'Isla Grant', status: 'expired' })],
  });
  await renderApp({ route: '/approvals?status=expired' });
  const requests = await findTable('Approvals');
  await waitFor(() => expect(bodyRows(requests)).toHaveLength(1));
  expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('expired');
  within(requests).getByText('Isla Grant');
});

test('the sidebar names the pending requests the admin could decide', async () => {
  seedApi({ approvals: [pointsRequest(), anApproval({ record: 'Isla Grant' })] });
  await renderApp({ route: '/approvals', pendingApprovals: null });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(await within(nav).findByRole('link', { name: 'Approvals, 2 pending' })).toBeVisible();
});

test('a request shows its change in words; Approve asks for the password first and runs it once', async () => {
  const request = pointsRequest();
  const api = seedApi({ customers: [morag], approvals: [request], stepUpStale: true });
  const { user } = await renderApp({ route: '/approvals' });
  const opened = await openRequest(user, 'Morag Campbell');
  expect(await within(opened).findByText('Whisky festival prize')).toBeVisible();
  const change = within(opened).getByRole('table', { name: 'Change' });
  expect(within(change).getByRole('row', { name: /Points balance/ })).toHaveTextContent(
    'Points balance120 points5,120 points',
  );
  expect(within(change).getByRole('rowheader', { name: 'Points' }).closest('tr')).toHaveTextContent(
    '+5,000 points',
  );

  await user.click(within(opened).getByRole('button', { name: 'Approve' }));
  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(stepUp).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

  expect(await screen.findByText('Approved', { selector: 'div' })).toBeInTheDocument();
  // Refused once for the proof, sent again after it; the points moved once.
  expect(api.sent('POST', `/api/approvals/${request.id}/approve`)).toHaveLength(2);
  expect(api.state.customers[0]?.referralPoints).toBe(5120);
  const requests = await findTable('Approvals');
  await waitFor(() => expect(cellText(requests, 'Morag Campbell', 'Status')).toBe('Approved'));
});

test('an applied valuations import reads as its file and how many valuations it records', async () => {
  seedApi({
    approvals: [
      anApproval({
        action: 'valuationImport',
        recordId: null,
        record: 'march.csv',
        summary: '2 valuations from march.csv',
        before: {},
        after: {
          file: 'march.csv',
          fileHash: 'ab12',
          valuations: 2,
          alreadyRecorded: 0,
          refusedRows: 1,
          flagged: 0,
        },
      }),
    ],
  });
  const { user } = await renderApp({ route: '/approvals' });
  const requests = await findTable('Approvals');
  expect(cellText(requests, 'march.csv', 'Action')).toBe('Valuations import');
  expect(cellText(requests, 'march.csv', 'Summary')).toBe('2 valuations from march.csv');
  const opened = await openRequest(user, 'march.csv');
  const change = within(opened).getByRole('table', { name: 'Change' });
  const after = (label: string) =>
    within(change).getByRole('rowheader', { name: label }).closest('tr');
  expect(after('File')).toHaveTextContent('File—march.csv');
  expect(after('Valuations to record')).toHaveTextContent('Valuations to record—2');
  expect(after('Rows refused')).toHaveTextContent('Rows refused—1');
});

test('Reject needs a note, then sends it', async () => {
  const request = pointsRequest();
  const api = seedApi({ approvals: [request] });
  const { user } = await renderApp({ route: '/approvals' });
  const opened = await openRequest(user, 'Morag Campbell');
  await user.click(await within(opened).findByRole('button', { name: 'Reject' }));
  expect(within(opened).getByText(APPROVAL_NOTE_REQUIRED)).toBeVisible();
  expect(api.sent('POST', `/api/approvals/${request.id}/reject`)).toHaveLength(0);

  await user.type(within(opened).getByRole('textbox', { name: 'Note' }), 'Too generous');
  await user.click(within(opened).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByText('Rejected', { selector: 'div' })).toBeInTheDocument();
  expect(api.sent('POST', `/api/approvals/${request.id}/reject`)[0]?.body).toEqual({
    note: 'Too generous',
  });
});

test('the requester sees no Approve nor Reject on their own request, but Withdraw', async () => {
  const request = pointsRequest();
  const api = seedApi({ profile: olive, approvals: [request] });
  const { user } = await renderApp({ route: `/approvals/${request.id}`, profile: olive });
  const opened = await dialog(/Morag Campbell/);
  await within(opened).findByText('Whisky festival prize');
  expect(within(opened).queryByRole('button', { name: 'Approve' })).toBeNull();
  expect(within(opened).queryByRole('button', { name: 'Reject' })).toBeNull();
  await user.click(within(opened).getByRole('button', { name: 'Withdraw' }));
  await waitFor(() => expect(api.state.approvals[0]?.status).toBe('withdrawn'));
});

test('a Viewer sees no decision at all', async () => {
  const request = pointsRequest();
  const viewer = { ...ada, role: 'viewer' as const };
  seedApi({ profile: viewer, approvals: [request] });
  await renderApp({ route: `/approvals/${request.id}`, profile: viewer });
  const opened = await dialog(/Morag Campbell/);
  await within(opened).findByText('Whisky festival prize');
  for (const name of ['Approve', 'Reject', 'Withdraw']) {
    expect(within(opened).queryByRole('button', { name })).toBeNull();
  }
});

test('a 409 shows the API message in the dialog and reads the list again', async () => {
  const request = pointsRequest();
  const api = seedApi({ approvals: [request] });
  server.use(
    http.post('/api/approvals/:id/approve', () => {
      api.state.approvals[0]!.status = 'approved';
      return apiError(409, APPROVAL_NOT_PENDING);
    }),
  );
  const { user } = await renderApp({ route: '/approvals' });
  const opened = await openRequest(user, 'Morag Campbell');
  await user.click(await within(opened).findByRole('button', { name: 'Approve' }));
  expect(await within(opened).findByRole('alert')).toHaveTextContent(APPROVAL_NOT_PENDING);
  await user.keyboard('{Escape}');
  const requests = await findTable('Approvals');
  await waitFor(() => expect(cellText(requests, 'Morag Campbell', 'Status')).toBe('Approved'));
});
