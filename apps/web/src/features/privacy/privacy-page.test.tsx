// On jsdom, not the suite's happy-dom (vite.config.ts, docs/decisions/393): DOMPurify on
// happy-dom keeps a <script> and drops the headings, not what a browser shows.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, expect, test } from 'vitest';
import { TERMS_CHANGED_ELSEWHERE } from '@cask/contracts/terms';
import { apiError, http, server } from '@/testing/api.ts';
import { POLICY_SAVED_AT, policyApi } from '@/testing/handlers/terms.ts';
import { renderApp } from '@/testing/render-app.tsx';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

afterEach(() => {
  toast.remove();
  delete window.__xss;
});

/** The editor's chunk loads lazily; the first load in a test run takes a moment. */
const findEditor = () =>
  screen.findByRole('textbox', { name: 'Privacy policy' }, { timeout: 5000 });

/** Edit, then replace the whole text in the editor with `text`. */
async function rewritePolicy(user: UserEvent, text: string) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  const editor = await findEditor();
  await user.click(editor);
  await user.keyboard(`{Control>}a{/Control}${text}`);
  await waitFor(() => expect(editor).toHaveTextContent(text));
}

test('before any policy is saved the built-in default is shown', async () => {
  const api = policyApi(null);
  await renderApp({ route: '/setting/privacy' });
  expect(
    await screen.findByRole('heading', { name: '1. Information we collect' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  expect(api.state.requests[0]).toMatchObject({
    method: 'GET',
    path: '/api/terms',
    query: { type: 'privacy' },
  });
});

test('the saved policy is shown as formatted text, with anything executable removed', async () => {
  policyApi(
    '<h2>Our promise</h2><p>We keep <strong>your data</strong> safe.</p>' +
      '<script>window.__xss = 1</script>' +
      '<img src="x" onerror="window.__xss = 2">' +
      '<a href="javascript:window.__xss = 3">Click me</a>' +
      '<a href="https://example.com/more">Read more</a>',
  );
  const { user } = await renderApp({ route: '/setting/privacy' });

  expect(await screen.findByRole('heading', { name: 'Our promise' })).toBeInTheDocument();
  expect(screen.getByText('your data').tagName).toBe('STRONG');
  expect(document.querySelector('script')).toBeNull();
  expect(document.querySelector('[onerror]')).toBeNull();
  const bad = screen.getByText('Click me');
  expect(bad).not.toHaveAttribute('href');
  await user.click(bad);
  expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  expect(window.__xss).toBeUndefined();
});

test('Edit opens the editor with the current policy; Cancel goes back to viewing', async () => {
  policyApi('<p>Current policy text</p>');
  const { user } = await renderApp({ route: '/setting/privacy' });
  await user.click(await screen.findByRole('button', { name: 'Edit' }));

  const editor = await findEditor();
  expect(editor).toHaveTextContent('Current policy text');
  expect(screen.getByRole('button', { name: 'Update Info' })).toBeInTheDocument();
  // The toolbar of docs/screens/privacy-policy.md; Quill names its buttons after the formats.
  for (const name of ['bold', 'italic', 'underline', 'strike', 'link', 'image']) {
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
  }
  expect(screen.getByRole('button', { name: 'list: ordered' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'list: bullet' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'indent: +1' })).toBeInTheDocument();
  // Quill's pickers are unnamed spans of their own; the align one shows only an icon.
  for (const name of ['Heading', 'Font', 'Alignment', 'Align center', 'Justify', 'Heading 2']) {
    expect(screen.getByRole('button', { name, hidden: true })).toBeInTheDocument();
  }
  // The address box of Quill's link tooltip has a name too.
  expect(screen.getByRole('textbox', { name: 'Link address', hidden: true })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('textbox', { name: 'Privacy policy' })).not.toBeInTheDocument();
  expect(screen.getByText('Current policy text')).toBeInTheDocument();
});

test('Update Info saves the edited policy, says so and goes back to viewing', async () => {
  const { sent } = policyApi('<p>Old text</p>');
  const { user } = await renderApp({ route: '/setting/privacy' });
  await rewritePolicy(user, 'New policy text');

  await user.click(screen.getByRole('button', { name: 'Update Info' }));

  expect(await screen.findByText('Privacy policy updated successfully!')).toBeInTheDocument();
  const [save] = sent('POST', '/api/terms');
  expect(save?.body).toMatchObject({ type: 'privacy' });
  expect(String((save?.body as { content: string }).content)).toContain('New policy text');
  expect(screen.queryByRole('textbox', { name: 'Privacy policy' })).not.toBeInTheDocument();
  expect(screen.getByText(/New policy text/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
});

test('a failed save shows the server message, else the screen’s text, and stays in edit mode', async () => {
  let answer = () => apiError(400, 'Privacy policy content is required');
  policyApi('<p>Old text</p>');
  server.use(http.post('/api/terms', () => answer()));
  const { user } = await renderApp({ route: '/setting/privacy' });
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await findEditor();

  await user.click(screen.getByRole('button', { name: 'Update Info' }));
  expect(await screen.findByText('Privacy policy content is required')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Privacy policy' })).toBeInTheDocument();

  answer = () => apiError(500, '');
  toast.remove();
  await user.click(screen.getByRole('button', { name: 'Update Info' }));
  expect(await screen.findByText('Failed to update privacy policy')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Update Info' })).toBeInTheDocument();
});

test('a save names the version it started from; refused as replaced meanwhile, the text stays', async () => {
  const { sent } = policyApi('<p>Old text</p>');
  // Another admin's save lands first: this one is refused once.
  server.use(http.post('/api/terms', () => apiError(412, TERMS_CHANGED_ELSEWHERE), { once: true }));
  const { user } = await renderApp({ route: '/setting/privacy' });
  await rewritePolicy(user, 'My careful rewrite');

  await user.click(screen.getByRole('button', { name: 'Update Info' }));
  expect(await screen.findByText(TERMS_CHANGED_ELSEWHERE)).toBeInTheDocument();
  const [save] = sent('POST', '/api/terms');
  expect(save?.headers.get('if-match')).toBe(`"${POLICY_SAVED_AT}"`);
  expect(save?.headers.get('if-none-match')).toBeNull();
  expect(screen.getByRole('textbox', { name: 'Privacy policy' })).toHaveTextContent(
    'My careful rewrite',
  );

  await user.click(screen.getByRole('button', { name: 'Update Info' }));
  expect(await screen.findByText('Privacy policy updated successfully!')).toBeInTheDocument();
});

test('with no policy saved yet, a save says it replaces none', async () => {
  const { sent } = policyApi(null);
  const { user } = await renderApp({ route: '/setting/privacy' });
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await findEditor();
  await user.click(screen.getByRole('button', { name: 'Update Info' }));
  expect(await screen.findByText('Privacy policy updated successfully!')).toBeInTheDocument();
  const [save] = sent('POST', '/api/terms');
  expect(save?.headers.get('if-none-match')).toBe('*');
  expect(save?.headers.get('if-match')).toBeNull();
});

test('Back returns to the settings', async () => {
  policyApi(null);
  const { router, user } = await renderApp({ route: '/setting/privacy' });
  await user.click(await screen.findByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/setting');
});
