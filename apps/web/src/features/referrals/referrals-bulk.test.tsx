import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test, vi } from 'vitest';
import { ada, seedApi } from '@/testing/api.ts';
import { ISLA_COMPLETED_ON, rhonasReferrals } from '@/testing/handlers/referrals.ts';
import { renderApp } from '@/testing/render-app.tsx';
import { cellText, row, table, undoOf } from '@/testing/queries.ts';

// Issue 31: the Referrals List's bulk 'Set status': a checkbox per row and one for the page, the
// bar with the count, a confirmation naming it, and the toast whose 'Undo' puts back each
// referral's status and completion date exactly (decision 242), the referrers' points following.
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

test('choosing rows shows the bar; Set status confirms with the count; Undo puts back each status and date', async () => {
  const { rhona, rows } = rhonasReferrals();
  const api = seedApi({ customers: [rhona], referrals: rows });
  const { user } = await renderApp({ route: '/referrals' });
  await within(await screen.findByRole('table', { name: 'Referrals List' })).findByText('Angus');
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

  await user.click(
    screen.getByRole('checkbox', { name: 'Select referral of Angus by Rhona Fraser' }),
  );
  expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty(
    'indeterminate',
    true,
  );
  await user.click(
    screen.getByRole('checkbox', { name: 'Select referral of Isla by Rhona Fraser' }),
  );
  const bar = screen.getByRole('region', { name: 'Bulk actions' });
  expect(bar).toHaveTextContent('2 referrals selected');

  // Angus's pending referral is completed (credited now); Isla's was completed already.
  await user.click(within(bar).getByRole('button', { name: 'Set status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set status' });
  expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'pending');
  expect(dialog).toHaveTextContent('Set the status of 2 referrals to Pending?');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'completed');
  expect(dialog).toHaveTextContent('Set the status of 2 referrals to Completed?');
  await user.click(within(dialog).getByRole('button', { name: 'Set status of 2 referrals' }));

  const completedThem = await undoOf('Status set to Completed for 2 referrals.');
  await waitFor(() =>
    expect(cellText(table('Referrals List'), 'Angus', 'Status')).toBe('Completed'),
  );
  expect(cellText(table('Referrals List'), 'Morag', 'Status')).toBe('Pending');
  expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  expect(api.sent('POST', '/api/referrals/bulk/status')[0]?.body).toEqual({
    changes: [
      { id: rows[0]!.id, status: 'completed' },
      { id: rows[1]!.id, status: 'completed' },
    ],
  });
  expect(api.state.customers[0]?.referralPoints).toBe(1100);

  await user.click(completedThem);
  expect(await screen.findByText('Undone: 2 referrals as they were.')).toBeInTheDocument();
  await waitFor(() => expect(cellText(table('Referrals List'), 'Angus', 'Status')).toBe('Pending'));
  expect(api.sent('POST', '/api/referrals/bulk/status').at(-1)?.body).toEqual({
    // The undo names the change it undoes: one bulk change in the audit log (decision 311).
    bulkId: expect.any(String),
    changes: [
      { id: rows[0]!.id, status: 'pending', completedDate: null },
      { id: rows[1]!.id, status: 'completed', completedDate: ISLA_COMPLETED_ON },
    ],
  });
  expect(api.state.customers[0]?.referralPoints).toBe(1000);

  // Then Isla's and Morag's set to pending: Isla's date goes; Undo must bring the very date back.
  await user.click(
    screen.getByRole('checkbox', { name: 'Select referral of Isla by Rhona Fraser' }),
  );
  await user.click(
    screen.getByRole('checkbox', { name: 'Select referral of Morag by Rhona Fraser' }),
  );
  await user.click(screen.getByRole('button', { name: 'Set status' }));
  const again = await screen.findByRole('dialog', { name: 'Set status' });
  await user.selectOptions(within(again).getByRole('combobox', { name: 'Status' }), 'pending');
  await user.click(within(again).getByRole('button', { name: 'Set status of 2 referrals' }));
  const pendingThem = await undoOf('Status set to Pending for 2 referrals.');
  await waitFor(() => expect(cellText(table('Referrals List'), 'Isla', 'Status')).toBe('Pending'));
  expect(api.state.referrals[1]?.completedDate).toBeNull();
  expect(api.state.customers[0]?.referralPoints).toBe(800);

  await user.click(pendingThem);
  await waitFor(() =>
    expect(cellText(table('Referrals List'), 'Isla', 'Status')).toBe('Completed'),
  );
  expect(
    api.state.referrals.map(({ status, completedDate }) => ({ status, completedDate })),
  ).toEqual(rows.map(({ status, completedDate }) => ({ status, completedDate })));
  expect(within(row(table('Referrals List'), 'Isla')).getAllByRole('cell')[5]).toHaveTextContent(
    /2025/,
  );
  expect(api.state.customers[0]?.referralPoints).toBe(1000);
}, 40_000);

test('when a referral cannot be changed, nothing is, and the dialog names it with the reason', async () => {
  const { rhona, rows } = rhonasReferrals();
  // Rhona spent her points: Isla's referral cannot take back the 200 it credited.
  rhona.referralPoints = 50;
  const api = seedApi({ customers: [rhona], referrals: rows });
  const { user } = await renderApp({ route: '/referrals' });
  await within(await screen.findByRole('table', { name: 'Referrals List' })).findByText('Angus');
  await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent(
    '3 referrals selected',
  );
  // Another admin deletes Morag's referral meanwhile.
  api.state.referrals = api.state.referrals.filter((row) => row.referee.fullName !== 'Morag');

  await user.click(screen.getByRole('button', { name: 'Set status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set status' });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'pending');
  await user.click(within(dialog).getByRole('button', { name: 'Set status of 3 referrals' }));

  expect(
    await within(dialog).findByText('Nothing was changed: 2 of the 3 rows could not be changed'),
  ).toBeVisible();
  const named = within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(named).toEqual([
    'referral of Isla by Rhona Fraser: Rhona Fraser has 50 points left, fewer than the 200 this referral credited, so it cannot go back to pending',
    'referral of Morag by Rhona Fraser: Referral not found',
  ]);
  expect(api.state.referrals.map((row) => row.status)).toEqual(['pending', 'completed']);
  expect(api.state.customers[0]?.referralPoints).toBe(50);
}, 40_000);

test('a Viewer is offered no checkboxes and no bulk bar', async () => {
  const viewer = { ...ada, role: 'viewer' as const };
  const api = seedApi({ referrals: rhonasReferrals().rows });
  api.state.profile = viewer;
  await renderApp({ route: '/referrals', profile: viewer });
  await within(await screen.findByRole('table', { name: 'Referrals List' })).findByText('Angus');
  expect(screen.queryAllByRole('checkbox')).toEqual([]);
});
