import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isBlankHtml, sanitizePolicyHtml } from './policy-html.ts';

/** Pieces an attacker would combine; the sanitizer must never let one through whole. */
const hostile = fc.constantFrom(
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<img src="data:text/html;base64,PHNjcmlwdD4=">',
  '"><script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
);
const harmless = fc.constantFrom(
  '<p>text</p>',
  '<strong>bold</strong>',
  '<h3 class="ql-align-center">Title</h3>',
  '<ol><li data-list="bullet">one</li></ol>',
  ' plain ',
  '<p class="ql-indent-8">deep</p>',
);

test('no mix of hostile and harmless markup survives sanitizing with something executable', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(hostile, harmless), { minLength: 1, maxLength: 8 }),
      async (parts) => {
        const clean = await sanitizePolicyHtml(parts.join(''));
        expect(clean).not.toMatch(
          /<script|<svg|<iframe|<math|\son\w+\s*=|javascript:|data:text|style=/i,
        );
      },
    ),
  );
});

test('quill classes outside the toolbar and the 1..8 indent range are dropped', async () => {
  expect(
    await sanitizePolicyHtml('<p class="ql-indent-9 ql-size-huge ql-align-center">x</p>'),
  ).toBe('<p class="ql-align-center">x</p>');
});

test('list items keep only the list kinds Quill writes', async () => {
  expect(await sanitizePolicyHtml('<ol><li data-list="evil">x</li></ol>')).toBe(
    '<ol><li>x</li></ol>',
  );
});

test('blank documents are recognised, documents with text or an image are not', async () => {
  expect(await isBlankHtml('<p><br /></p><p> </p>')).toBe(true);
  expect(await isBlankHtml('<p>a</p>')).toBe(false);
  expect(await isBlankHtml('<p><img src="https://example.com/a.png" /></p>')).toBe(false);
});
