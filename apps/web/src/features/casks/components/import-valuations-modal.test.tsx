import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import {
  APPROVAL_REASON_REQUIRED,
  SENT_FOR_APPROVAL_DIALOG,
} from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { VALUATION_IMPORT_STALE } from '@cask/contracts/valuation-imports';
import { aCask, ada, seedApi } from '@/testing/api.ts';
import { csvFile } from '@/testing/files.ts';
import { cellText, dialog, findTable } from '@/testing/queries.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { IMPORT_VALUATIONS, VIEWER_PREVIEW_ONLY } from './import-valuations-modal.tsx';

afterEach(() => {
  toast.remove();
});

// Issue 44: 'Import valuations' on the Cask List (docs/screens/casks.md#import-valuations).

/** The Cask List with two casks, as `profile`, its 'Import valuations' dialog open. */
async function openImport(profile = ada) {
  const steady = aCask({ name: 'Glen Steady', currentValue: 10000 });
  const jump = aCask({ name: 'Glen Jump', currentValue: 10000 });
  const api = seedApi({ casks: [steady, jump] });
  api.state.profile = profile;
  const user = userEvent.setup();
  await renderApp({ route: '/cask', profile });
  await user.click(await screen.findByRole('button', { name: IMPORT_VALUATIONS }));
  const form = await dialog(IMPORT_VALUATIONS);
  const file = csvFile('valuations.csv', [
    'cask_id,date,value,source',
    `${steady.id},2026-03-31,10500,Broker quote`,
    `${jump.id},2026-03-31,16000,Broker quote`,
    `3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b,2026-03-31,1,Other`,
  ]);
  return { api, user, form, file, steady, jump };
}

test('a preview lists the matched rows with old and new value and the change, flags over 50%, and names refused rows by line', async () => {
  const { user, form, file } = await openImport();
  expect(within(form).getByRole('combobox', { name: 'Dates in the file' })).toHaveValue('iso');
  expect(within(form).getByRole('button', { name: 'Download the sample file' })).toBeVisible();

  await user.upload(within(form).getByLabelText('CSV file'), file);
  await user.click(within(form).getByRole('button', { name: 'Preview' }));

  expect(await within(form).findByRole('status')).toHaveTextContent(
    '3 rows: 2 to record, 0 already recorded, 1 flagged (change over 50%), 1 refused.',
  );
  const refused = await findTable('Refused rows (1)');
  expect(cellText(refused, '4', 'Reason')).toBe(
    'No cask with id 3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  );
  const matched = await findTable('Matched rows (2)');
  expect(cellText(matched, 'Glen Jump', 'Old value')).toBe('$10,000');
  expect(cellText(matched, 'Glen Jump', 'New value')).toBe('$16,000');
  expect(cellText(matched, 'Glen Jump', 'Change')).toBe('+60%');
  expect(cellText(matched, 'Glen Jump', 'Check')).toBe('Over 50%');
  expect(cellText(matched, 'Glen Steady', 'Change')).toBe('+5%');
  expect(within(form).getByRole('button', { name: 'Download report' })).toBeVisible();
});

test('Apply records the rows, says what it did, closes and the list shows the new values', async () => {
  const { api, user, form, file } = await openImport();
  await user.upload(within(form).getByLabelText('CSV file'), file);
  await user.click(within(form).getByRole('button', { name: 'Preview' }));
  await user.click(await within(form).findByRole('button', { name: 'Apply (2 valuations)' }));

  expect(
    await screen.findByText('2 valuations recorded, 0 already recorded, 1 row refused'),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.sent('POST', '/api/casks/valuation-imports')).toHaveLength(1);
  const list = await findTable('Cask List');
  await waitFor(() => expect(cellText(list, 'Glen Jump', 'Current Value')).toBe('$16,000'));
});

test('a cask changed since the preview: the apply is refused, the dialog says so and shows the file again', async () => {
  const { api, user, form, file, steady } = await openImport();
  await user.upload(within(form).getByLabelText('CSV file'), file);
  await user.click(within(form).getByRole('button', { name: 'Preview' }));
  await within(form).findByRole('status');
  // Another admin values a cask meanwhile.
  const changed = api.state.casks.find((cask) => cask.id === steady.id)!;
  Object.assign(changed, { currentValue: 9000, version: String(Number(changed.version) + 1) });

  await user.click(within(form).getByRole('button', { name: 'Apply (2 valuations)' }));

  expect(await within(form).findByRole('alert')).toHaveTextContent(VALUATION_IMPORT_STALE);
  await waitFor(() =>
    expect(
      cellText(
        within(form).getByRole('table', { name: 'Matched rows (2)' }),
        'Glen Steady',
        'Old value',
      ),
    ).toBe('$9,000'),
  );
  expect(screen.getByRole('dialog', { name: IMPORT_VALUATIONS })).toBeVisible();
});

test('a Viewer may preview but is offered no Apply', async () => {
  const { user, form, file } = await openImport({ ...ada, role: 'viewer' });
  expect(within(form).getByText(VIEWER_PREVIEW_ONLY)).toBeVisible();
  expect(within(form).queryByLabelText(/Reason/)).not.toBeInTheDocument();
  await user.upload(within(form).getByLabelText('CSV file'), file);
  await user.click(within(form).getByRole('button', { name: 'Preview' }));

  await within(form).findByRole('status');
  expect(within(form).queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
});

test('Preview without a file says to choose one', async () => {
  const { api, user, form } = await openImport();
  await user.click(within(form).getByRole('button', { name: 'Preview' }));
  expect(await within(form).findByText('Choose a CSV file to import')).toBeVisible();
  expect(api.sent('POST', '/api/casks/valuation-imports/preview')).toHaveLength(0);
});

test("while 'Valuation change above' is on, Apply needs a reason and is sent for approval: nothing recorded", async () => {
  const { api, user, form, file, jump } = await openImport();
  api.state.approvalPolicy = {
    ...DEFAULT_APPROVAL_POLICY,
    valuationChange: { on: true, abovePercent: 25 },
  };
  await user.upload(within(form).getByLabelText('CSV file'), file);
  await user.click(within(form).getByRole('button', { name: 'Preview' }));
  const apply = await within(form).findByRole('button', { name: 'Apply (2 valuations)' });

  // Without a reason the API's 400 shows under the field, and nothing is asked.
  await user.click(apply);
  expect(await within(form).findByText(APPROVAL_REASON_REQUIRED)).toBeVisible();
  expect(api.state.approvals).toHaveLength(0);

  await user.type(within(form).getByLabelText(/Reason/), 'Broker quotes of March');
  await user.click(within(form).getByRole('button', { name: 'Apply (2 valuations)' }));
  expect(await within(form).findByText(SENT_FOR_APPROVAL_DIALOG)).toBeVisible();
  expect(api.state.approvals[0]).toMatchObject({
    action: 'valuationImport',
    record: 'valuations.csv',
    summary: '2 valuations from valuations.csv',
    reason: 'Broker quotes of March',
  });
  // Nothing recorded: the cask keeps its value, and no success toast is shown.
  expect(api.state.casks.find((cask) => cask.id === jump.id)?.currentValue).toBe(10000);
  expect(screen.queryByText(/valuations recorded/)).not.toBeInTheDocument();

  await user.click(within(form).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
