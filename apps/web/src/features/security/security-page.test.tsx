import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { passkeysOnlyAt } from '@cask/contracts/security';
import {
  apiError,
  delay,
  http,
  olive,
  RECOVERY_CODES,
  seedApi,
  server,
  STEP_UP_PASSWORD,
  TOTP_CODE,
  TOTP_SETUP,
} from '@/testing/api.ts';
import { SENT_FOR_APPROVAL_DIALOG } from '@cask/contracts/approval-request';
import { DEFAULT_APPROVAL_POLICY } from '@cask/contracts/approvals';
import { renderApp } from '@/testing/render-app.tsx';
import {
  OTHER_SESSION_ID,
  SECURITY_PASSKEYS,
  SECURITY_SESSIONS,
  securityApi,
} from '@/testing/handlers/security.ts';

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
});

/** Types `value` afresh into the dialog's `field` and presses its `button`. */
async function enter(
  user: UserEvent,
  dialog: HTMLElement,
  field: HTMLElement,
  value: string,
  button: string,
) {
  await user.clear(field);
  await user.type(field, value);
  await user.click(within(dialog).getByRole('button', { name: button }));
}

test('the sessions table shows each device, marks this one, and signs out another', async () => {
  const api = securityApi({ twoFactorEnabled: false });
  const { user } = await renderApp({ route: '/setting/security' });
  expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Sessions' });
  for (const header of ['Device', 'Address', 'Signed in', 'Last active']) {
    expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
  }
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Chrome 120 on Mac OS 10.15.7');
  expect(rows[1]).toHaveTextContent('This device');
  expect(within(rows[1] as HTMLElement).getByRole('button', { name: /^Sign out/ })).toBeEnabled();
  expect(rows[2]).toHaveTextContent('10.0.0.2');
  expect(rows[2]).not.toHaveTextContent('This device');

  await user.click(within(rows[2] as HTMLElement).getByRole('button', { name: /^Sign out/ }));
  await waitFor(() =>
    expect(api.sent('DELETE', `/api/security/sessions/${OTHER_SESSION_ID}`)).toHaveLength(1),
  );
  await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
  await waitFor(() =>
    expect(api.sent('POST', '/api/security/sessions/end-others')).toHaveLength(1),
  );
});

test('setting up two-factor shows the QR code and the key, verifies a code, then the recovery codes', async () => {
  const api = securityApi({ twoFactorEnabled: false });
  const { user } = await renderApp({ route: '/setting/security' });
  await user.click(await screen.findByRole('button', { name: 'Set up' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
  expect(
    await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toHaveAttribute('src', TOTP_SETUP.qrCode);
  expect(within(dialog).getByRole('heading', { name: "Can't scan? Enter this key" })).toBeVisible();
  expect(within(dialog).getByText(TOTP_SETUP.secret)).toBeInTheDocument();

  const code = within(dialog).getByLabelText('Authentication code');
  await enter(user, dialog, code, '12', 'Verify');
  expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app');
  expect(api.sent('POST', '/api/security/two-factor/verify')).toHaveLength(0);

  await enter(user, dialog, code, '654321', 'Verify');
  expect(await within(dialog).findByText('The authentication code is not valid')).toBeVisible();

  await enter(user, dialog, code, TOTP_CODE, 'Verify');
  const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
  const list = within(codes).getByRole('list', { name: 'Recovery codes' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  expect(within(codes).getByRole('button', { name: 'Copy' })).toBeEnabled();
  expect(within(codes).getByRole('button', { name: 'Download' })).toBeEnabled();
  await user.click(within(codes).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

/** The screen, its 'Require two-factor' box ticked: the refused change opens the step-up dialog. */
async function openStepUp() {
  const { user } = await renderApp({ route: '/setting/security' });
  await user.click(
    await screen.findByRole('checkbox', {
      name: 'Require two-factor authentication for every admin',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
  return { user, dialog };
}

test('a change refused for an old sign-in asks for the password and is sent again', async () => {
  const api = securityApi({ twoFactorEnabled: true }, true);
  const { user, dialog } = await openStepUp();
  const box = within(dialog).getByLabelText('Password', { selector: 'input' });
  await enter(user, dialog, box, 'wrong', 'Confirm');
  expect(await within(dialog).findByText('Password is incorrect')).toBeVisible();
  await enter(user, dialog, box, STEP_UP_PASSWORD, 'Confirm');
  expect(await screen.findByText('Security policy saved')).toBeInTheDocument();
  const puts = api.sent('PUT', '/api/security/policy');
  expect(puts).toHaveLength(2);
  expect(puts[1]?.body).toEqual({ requireTwoFactor: true });
});

test("with 'Turn off Require two-factor' on, turning it off needs a Reason and is sent for approval; it stays on", async () => {
  const api = seedApi({
    profile: olive,
    security: {
      sessions: SECURITY_SESSIONS,
      passkeys: SECURITY_PASSKEYS,
      twoFactorEnabled: true,
      requireTwoFactor: true,
    },
    approvalPolicy: { ...DEFAULT_APPROVAL_POLICY, twoFactorOff: { on: true } },
  });
  const { user } = await renderApp({ route: '/setting/security', profile: olive });
  const box = await screen.findByRole('checkbox', {
    name: 'Require two-factor authentication for every admin',
  });
  await user.click(box);
  expect(await screen.findByText('Reason is required', { selector: 'p' })).toBeVisible();

  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Auditor visit over');
  await user.click(box);
  expect(await screen.findByText(SENT_FOR_APPROVAL_DIALOG)).toBeVisible();
  expect(api.sent('PUT', '/api/security/policy').at(-1)?.body).toEqual({
    requireTwoFactor: false,
    reason: 'Auditor visit over',
  });
  expect(api.state.security.requireTwoFactor).toBe(true);
  await waitFor(() => expect(box).toBeChecked());
});

test('with two-factor on, step-up takes an authentication code instead; a passkey is offered', async () => {
  const api = securityApi({ twoFactorEnabled: true }, true);
  const { user, dialog } = await openStepUp();
  expect(await within(dialog).findByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  await user.click(within(dialog).getByRole('button', { name: 'Use an authentication code' }));
  expect(dialog).toHaveAccessibleName('Confirm with your authentication code');
  const code = within(dialog).getByLabelText('Authentication code');
  await enter(user, dialog, code, '12', 'Confirm');
  expect(
    await within(dialog).findByText('Enter the 6-digit code from your authenticator app'),
  ).toBeVisible();
  await enter(user, dialog, code, '654321', 'Confirm');
  expect(await within(dialog).findByText('The authentication code is not valid')).toBeVisible();
  await enter(user, dialog, code, TOTP_CODE, 'Confirm');
  expect(await screen.findByText('Security policy saved')).toBeInTheDocument();
  expect(api.sent('POST', '/api/auth/reauthenticate').map((r) => r.body)).toEqual([
    { code: '654321' },
    { code: TOTP_CODE },
  ]);
});

test('without two-factor or a passkey, step-up asks for the password only', async () => {
  securityApi({ twoFactorEnabled: false, passkeys: [] }, true);
  const { user, dialog } = await openStepUp();
  // The screen has read both already: the dialog knows at once there is nothing else to offer.
  expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  expect(within(dialog).queryByRole('button', { name: 'Use an authentication code' })).toBeNull();
  await user.type(
    within(dialog).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Security policy saved')).toBeInTheDocument();
});

test('the policy takes an admin without two-factor to the Security screen', async () => {
  securityApi({ twoFactorEnabled: false, requireTwoFactor: true });
  // Every other call is refused until an authenticator app is set up.
  server.use(
    http.get('/api/users', () =>
      apiError(403, 'Set up two-factor authentication to continue', {
        code: 'two_factor_setup_required',
      }),
    ),
  );
  const { router } = await renderApp({ route: '/user' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/setting/security'));
  expect(
    await screen.findByText(
      'Two-factor authentication is required for every admin. Set up an authenticator app to continue: a passkey does not count.',
    ),
  ).toBeInTheDocument();
});

test('passkeys are listed by name and date; adding one asks for a name; one is removed', async () => {
  const api = securityApi({ twoFactorEnabled: false });
  const { user } = await renderApp({ route: '/setting/security' });
  const table = await screen.findByRole('table', { name: 'Passkeys' });
  expect(within(table).getByRole('columnheader', { name: 'Created' })).toBeInTheDocument();
  expect(await within(table).findByText('Work laptop')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
  expect(api.sent('POST', '/api/security/passkeys/options')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await user.click(within(table).getByRole('button', { name: 'Remove Work laptop' }));
  await waitFor(() =>
    expect(api.sent('DELETE', `/api/security/passkeys/${SECURITY_PASSKEYS[0]?.id}`)).toHaveLength(
      1,
    ),
  );
});

test('new recovery codes: asked for, confirmed with the password, shown once with Copy and Download', async () => {
  const api = securityApi({ twoFactorEnabled: true }, true);
  const { user } = await renderApp({ route: '/setting/security' });
  await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
  const ask = await screen.findByRole('dialog', { name: 'Generate new recovery codes' });
  expect(ask).toHaveAccessibleDescription(/every code you have now stops working/);
  await user.click(within(ask).getByRole('button', { name: 'Generate' }));

  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(stepUp).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

  const codes = await screen.findByRole('dialog', { name: 'Save your new recovery codes' });
  const list = within(codes).getByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(RECOVERY_CODES);
  expect(within(codes).getByRole('button', { name: 'Copy' })).toBeEnabled();
  expect(within(codes).getByRole('button', { name: 'Download' })).toBeEnabled();
  await user.click(within(codes).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.sent('POST', '/api/security/two-factor/recovery-codes')).toHaveLength(2);
});

test('two-factor off: no new recovery codes are offered', async () => {
  securityApi({ twoFactorEnabled: false });
  await renderApp({ route: '/setting/security' });
  expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Generate new recovery codes' })).toBeNull();
});

test("the policy's hint says a passkey does not count as two-factor", async () => {
  securityApi({ twoFactorEnabled: true });
  await renderApp({ route: '/setting/security' });
  expect(
    await screen.findByRole('checkbox', {
      name: 'Require two-factor authentication for every admin',
    }),
  ).toHaveAccessibleDescription(
    'Admins without an authenticator app are asked to set one up right after signing in; a passkey does not count.',
  );
});

test("while its state loads the two-factor card says so in its loaded frame, an Owner's policy box drawn but out of reach (issue 47)", async () => {
  securityApi({ twoFactorEnabled: false });
  server.use(
    http.get('/api/security', () => delay('infinite')),
    http.get('/api/security/passkeys', () => delay('infinite')),
  );
  await renderApp({ route: '/setting/security', profile: olive });
  expect(
    await screen.findByText(
      'A 6-digit code from an authenticator app, asked for after your password.',
    ),
  ).toBeInTheDocument();
  const loading = screen.getAllByRole('status').map((status) => status.textContent);
  expect(loading).toEqual(expect.arrayContaining(['Loading...', 'Loading passkeys...']));
  expect(screen.getByText('Require two-factor authentication for every admin')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Set up' })).toBeNull();
  expect(screen.queryByRole('table', { name: 'Passkeys' })).toBeNull();
});

test('on an old sign-in, setting up two-factor and removing a passkey ask for the password first', async () => {
  const api = securityApi({ twoFactorEnabled: false }, true);
  const { user } = await renderApp({ route: '/setting/security' });
  await user.click(await screen.findByRole('button', { name: 'Set up' }));
  const stepUp = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(stepUp).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
  const setup = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
  expect(await within(setup).findByText(TOTP_SETUP.secret)).toBeInTheDocument();
  expect(api.sent('POST', '/api/security/two-factor/setup')).toHaveLength(2);
  await user.click(within(setup).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  // The proof has expired again.
  api.state.stepUpStale = true;
  const table = await screen.findByRole('table', { name: 'Passkeys' });
  await user.click(within(table).getByRole('button', { name: 'Remove Work laptop' }));
  const again = await screen.findByRole('dialog', { name: 'Confirm your password' });
  await user.type(
    within(again).getByLabelText('Password', { selector: 'input' }),
    STEP_UP_PASSWORD,
  );
  await user.click(within(again).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
  expect(api.sent('DELETE', `/api/security/passkeys/${SECURITY_PASSKEYS[0]?.id}`)).toHaveLength(2);
});
test('Add a passkey opened at another address than PUBLIC_URL says where passkeys work and stays open', async () => {
  const api = securityApi({ twoFactorEnabled: false, passkeyOrigin: 'https://admin.example.com' });
  const { user } = await renderApp({ route: '/setting/security' });
  await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
  await user.type(within(dialog).getByLabelText('Name'), 'Work laptop 2');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Passkeys work only at https://admin.example.com. Open the app there to add one.',
  );
  expect(screen.getByRole('dialog', { name: 'Add a passkey' })).toBeInTheDocument();
  expect(api.sent('POST', '/api/security/passkeys')).toHaveLength(0);
});

test("the browser's SecurityError on adding a passkey is said the same way", async () => {
  // The address matches, but the browser refuses the relying party all the same.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  vi.stubGlobal('navigator', {
    ...navigator,
    credentials: {
      create: () => Promise.reject(new DOMException('The RP ID is invalid', 'SecurityError')),
    },
  });
  // The API's passkeys belong to this page's origin (the store's default).
  securityApi({ twoFactorEnabled: false });
  const { user } = await renderApp({ route: '/setting/security' });
  await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
  await user.type(within(dialog).getByLabelText('Name'), 'Work laptop 2');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    passkeysOnlyAt(window.location.origin),
  );
});
