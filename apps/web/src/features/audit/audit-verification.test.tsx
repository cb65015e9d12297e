import { screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ada, apiError, heldAnswer, seedApi } from '@/testing/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { renderApp } from '@/testing/render-app.tsx';

const owner = { ...ada, role: 'owner' as const };

test("an Owner sees the chain's line and verifies again with 'Verify now'", async () => {
  const api = seedApi({ profile: owner });
  const { user } = await renderApp({ route: '/audit', profile: owner });
  // The time as the screen's other times (decision 435), not the CLI's ISO text.
  const last = formatDateTime('2026-03-05T10:00:00.000Z');
  expect(last).not.toContain('T10:00');
  expect(
    await screen.findByText(`Audit log verified: 3 entries, last ${last}`),
  ).toBeInTheDocument();
  const asked = () => api.sent('GET', '/api/audit/verification').length;
  expect(asked()).toBe(1);

  api.state.auditVerification = {
    verified: false,
    entries: 4,
    lastAt: '2026-03-05T10:00:00.000Z',
    mismatch: { seq: 5, id: 'e5', time: '2026-03-06T10:00:00.000Z', problem: 'hash' },
    line: 'Audit log entry 5 (id e5, 2026-03-06T10:00:00.000Z) does not match: its content does not match its hash',
  };
  await user.click(screen.getByRole('button', { name: 'Verify now' }));
  expect(
    await screen.findByText(
      `Audit log entry 5 (id e5, ${formatDateTime('2026-03-06T10:00:00.000Z')}) does not match: its content does not match its hash`,
    ),
  ).toBeInTheDocument();
  expect(asked()).toBe(2);
});

test('while the API walks the chain the line says so, and a failure is said', async () => {
  const api = seedApi({ profile: owner });
  const answer = heldAnswer('get', '/api/audit/verification');
  const { user } = await renderApp({ route: '/audit', profile: owner });
  const verificationLine = () =>
    screen.getByRole('region', { name: 'Audit log verification' }).querySelector('[role="status"]');
  await waitFor(() => expect(verificationLine()).toHaveTextContent('Verifying the audit log...'));
  // Enabled, so its colours never fade under axe (decision 435); a click asks nothing more.
  const busy = screen.getByRole('button', { name: 'Verifying...' });
  expect(busy).toBeEnabled();
  expect(busy).toHaveAttribute('aria-busy', 'true');
  await user.click(busy);
  expect(api.sent('GET', '/api/audit/verification')).toHaveLength(1);
  answer(apiError(500, 'The database is down'));
  await waitFor(() => expect(verificationLine()).toHaveTextContent('The database is down'));
  expect(screen.getByRole('button', { name: 'Verify now' })).toBeEnabled();
});

test.each(['admin', 'viewer'] as const)('an %s sees no verification', async (role) => {
  const profile = { ...ada, role };
  const api = seedApi({ profile });
  await renderApp({ route: '/audit', profile });
  expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Verify now' })).not.toBeInTheDocument();
  expect(api.sent('GET', '/api/audit/verification')).toEqual([]);
});
