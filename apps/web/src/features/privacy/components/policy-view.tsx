import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { POLICY_ALLOWED_TAGS } from '@cask/contracts/terms';

/** The allowlist the server applies on save (apps/api/src/modules/terms/policy-html.ts). */
const PURIFY_CONFIG = {
  ALLOWED_TAGS: [...POLICY_ALLOWED_TAGS],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'src', 'alt', 'class', 'data-list'],
  // Links: http, https and mailto only. Images may also be data: URLs (DOMPurify allows those
  // on <img> by itself); javascript: and every other scheme are removed.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
};

// A link out of the policy opens in a new tab that cannot reach back into the admin app.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Sanitizes again right before rendering (docs/architecture.md#input-and-output): the server is not
 * the only defence.
 */
export function purifyPolicyHtml(html: string): string {
  return DOMPurify.sanitize(html, PURIFY_CONFIG);
}

/**
 * docs/screens/privacy-policy.md: the policy shown as formatted text. The `ql-snow ql-editor`
 * classes give it the editor's own styles (headings, lists, indents, alignment, fonts) and
 * `policy-text` the spacing, size and bullets both share (policy-text.css), so it reads as it was
 * written.
 */
export function PolicyView({ html, labelledBy }: { html: string; labelledBy?: string }) {
  const clean = useMemo(() => purifyPolicyHtml(html), [html]);
  return (
    <article aria-labelledby={labelledBy} className="ql-snow policy-text">
      <div
        className="ql-editor !h-auto !overflow-visible !p-0 text-oak-900"
        // Sanitized twice: on save (sanitize-html) and here (DOMPurify).
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </article>
  );
}
