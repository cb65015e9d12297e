import type { IOptions } from 'sanitize-html';
import { POLICY_ALLOWED_TAGS } from '@cask/contracts/terms';

/**
 * Quill's indent levels (docs/screens/privacy-policy.md#limits: 1 to 8), alignments and the fonts
 * of the toolbar.
 */
const QUILL_CLASSES = [
  ...Array.from({ length: 8 }, (_, index) => `ql-indent-${index + 1}`),
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-font-serif',
  'ql-font-monospace',
  // Quill 2 puts an empty <span class="ql-ui"> in each list item for its bullet or number.
  'ql-ui',
];

/** Images inline as data: URLs (Quill's image button) only in the raster types uploads allow. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * The allowlist matches the editor's toolbar (docs/screens/privacy-policy.md): headers, font, bold
 * / italic / underline / strike, ordered and bullet lists, indent, align, link, image. Everything
 * else, scripts, event handlers, styles, iframes, forms, javascript: URLs, is dropped
 * (docs/architecture.md#input-and-output).
 */
const options: IOptions = {
  allowedTags: [...POLICY_ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    // Quill 2 writes both kinds of list as <ol> and tells them apart with data-list.
    li: ['data-list'],
  },
  allowedClasses: { '*': QUILL_CLASSES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A policy's links open in a new tab that cannot reach back into the admin app.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
    li: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (attribs['data-list'] === 'bullet' || attribs['data-list'] === 'ordered') {
        kept['data-list'] = attribs['data-list'];
      }
      if (attribs.class) kept.class = attribs.class;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const allowed = src.startsWith('data:') ? DATA_IMAGE.test(src) : /^https?:\/\//i.test(src);
      const kept: Record<string, string> = allowed ? { src } : {};
      if (attribs.alt) kept.alt = attribs.alt;
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was refused is dropped whole rather than left as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Sanitizes editor HTML before it is stored. Rendering sanitizes again (DOMPurify, web).
 * sanitize-html is imported at the first save rather than at start-up (docs/decisions/454).
 */
export async function sanitizePolicyHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await import('sanitize-html');
  return sanitizeHtml(html, options).trim();
}

/** True when the HTML shows nothing: no text and no image (e.g. Quill's empty `<p><br></p>`). */
export async function isBlankHtml(html: string): Promise<boolean> {
  if (/<img\s/i.test(html)) return false;
  const { default: sanitizeHtml } = await import('sanitize-html');
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|\s/g, '') === '';
}
