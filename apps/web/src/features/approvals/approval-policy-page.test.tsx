import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY, approvalNeedsSecondApprover } from '@cask/contracts/approvals';
import { STEP_UP_PASSWORD, ada, apiError, http, olive, seedApi, server } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

afterEach(() => {
  toast.remove();
});

test("Settings offers 'Approvals' to an Owner only", async () => {
  seedApi({ profile: olive });
  const first = await renderApp({ route: '/setting', profile: olive });
  expect(screen.getByRole('link', { name: /^Approvals Which actions/ })).toHaveAttribute(
    'href',
    '/setting/approvals',
  );
  first.unmount();
  seedApi();
  await renderApp({ route: '/setting' });
  expect(screen.queryByRole('link', { name: /^Approvals Which actions/ })).toBeNull();
});

test('an Owner turns Manual points on with its threshold and saves after step-up', async () => {
  const api = seedApi({ profile: olive, stepUpStale: true });
  const { user } = await renderApp({ route: '/setting/approvals', profile: olive });
  const manual = await screen.findByRole('checkbox', { name: 'Manual points above' });
  expect(manual).not.toBeChecked();
  expect(screen.getByRole('spinbutton', { name: 'Points' })).toHaveValue(1000);
  expect(screen.getByRole('spinbutton', { name: 'Dollars' })).toHaveValue(50000);
  expect(screen.getByRole('spinbutton', { name: 'Percent' })).toHaveValue(25);
  // Nothing is on yet: the change is saved at once, no Reason asked.
  expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();

  await user.click(manual);
  await user.clear(screen.getByRole('spinbutton', { name: 'Points' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Points' }), '2000');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(stepUp).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

  expect(await screen.findByText('Approvals policy saved')).toBeInTheDocument();
  expect(api.sent('PUT', '/api/settings/approvals').at(-1)?.body).toMatchObject({
    manualPoints: { on: true, above: 2000 },
    transferOwnership: { on: false },
  });
  expect(api.state.approvalPolicy.manualPoints).toEqual({ on: true, above: 2000 });
});

test('the 409 of an action nobody else could approve is said on the screen', async () => {
  seedApi({ profile: olive });
  const message = approvalNeedsSecondApprover('transferOwnership');
  server.use(http.put('/api/settings/approvals', () => apiError(409, message)));
  const { user } = await renderApp({ route: '/setting/approvals', profile: olive });
  await user.click(await screen.findByRole('checkbox', { name: 'Transfer Ownership' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
});

test('while an action is on, a change needs a Reason and is sent for approval', async () => {
  const on = { ...DEFAULT_APPROVAL_POLICY, transferOwnership: { on: true } };
  const api = seedApi({ profile: olive, approvalPolicy: on });
  const { user } = await renderApp({ route: '/setting/approvals', profile: olive });
  await user.click(await screen.findByRole('checkbox', { name: 'Transfer Ownership' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Reason is required', { selector: 'p' })).toBeVisible();

  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Two Owners now');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent(SENT_FOR_APPROVAL_DIALOG);
  // Nothing changed yet: the form shows the policy as saved.
  expect(api.state.approvalPolicy.transferOwnership.on).toBe(true);
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: 'Transfer Ownership' })).toBeChecked(),
  );
});

test('an Admin is told the policy is an Owner’s', async () => {
  seedApi();
  await renderApp({ route: '/setting/approvals', profile: ada });
  expect(await screen.findByText('Only an Owner manages the Approvals policy.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
});
