import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { seedApi } from '@/testing/api.ts';
import { renderApp } from '@/testing/render-app.tsx';

// Moved from e2e/tests/shell.spec.ts (issue 43, docs/decisions/384): every sidebar entry opens
// its route and shows its screen's title (docs/screens/shell.md#sidebar). The entries are read
// from the sidebar itself, so this follows wherever the app declares them; the titles are each
// screen's h1, patterns because some carry counts ('Notifications (N unread)'). A new entry
// without a title here fails below, naming it.
const screenTitles: Record<string, RegExp> = {
  '/': /Dashboard/,
  '/user': /User Management/,
  '/cask': /Cask/,
  '/reconciliations': /Reconcile/,
  '/offers': /Offers/,
  '/orders': /Order/,
  '/referrals': /Referral/,
  '/notifications': /^Notifications/,
  '/audit': /Audit Log/,
  '/approvals': /Approvals/,
  '/setting': /Settings/,
};

test('each sidebar entry opens its route and shows its title', async () => {
  seedApi();
  // Starts elsewhere, so the Dashboard entry (first) is a navigation too.
  const { user, router } = await renderApp({ route: '/setting/privacy' });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const entries = within(nav)
    .getAllByRole('link')
    .map((link) => ({ label: link.textContent ?? '', to: link.getAttribute('href') ?? '' }));
  expect(entries.length).toBeGreaterThan(0);

  for (const { label, to } of entries) {
    const title = screenTitles[to];
    expect(title, `no title for the entry '${label}' (${to})`).toBeDefined();
    await user.click(within(nav).getByRole('link', { name: label }));
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  }
  // Nine lazy screens, each loaded the first time it opens: 15 s on a busy 2-core machine.
}, 60_000);
