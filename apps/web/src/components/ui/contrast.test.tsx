import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { appCss, appSourceFiles, contrastRatio, utilityColour } from '@/testing/palette.ts';
import { Button } from './button.tsx';
import { inputClass } from './text-field.tsx';

// The palette is gold and cream (docs/screens/common.md#look), which makes low contrast easy to
// fall into. These checks read the real tokens from index.css and the real classes
// (testing/palette.ts), so a colour change that makes text or a focus indicator unreadable fails
// here (WCAG 1.4.3: 4.5:1 for text; 1.4.11: 3:1 for focus indicators).

/** Where the app's controls sit: cards and pages (cream), inputs (white), the sidebar (oak). */
const lightBackgrounds = ['white', 'cream-50', 'cream-100'];

test('the primary button, gold on every screen, has readable text (4.5:1)', () => {
  render(<Button>Sign In</Button>);
  const className = screen.getByRole('button', { name: 'Sign In' }).className;
  expect(
    contrastRatio(utilityColour(className, 'text'), utilityColour(className, 'bg')),
  ).toBeGreaterThanOrEqual(4.5);
});

test('the keyboard focus outline stands out 3:1 on every background of the app', () => {
  const outline = /:focus-visible\s*{\s*outline:\s*\d+px solid var\(--color-([a-z]+-\d+)\)/.exec(
    appCss,
  )?.[1];
  expect(outline).toBeDefined();
  for (const background of [...lightBackgrounds, 'oak-900']) {
    expect(contrastRatio(outline ?? '', background), background).toBeGreaterThanOrEqual(3);
  }
});

test('every focus style drawn in place of the outline is solid and 3:1 on light backgrounds', () => {
  const focusColour = /focus(?:-visible|-within)?:(?:ring|border|outline)-([a-z]+-\d+)(\/\d+)?/g;
  const found = [inputClass, ...appSourceFiles().map((file) => readFileSync(file, 'utf8'))]
    .flatMap((text) => [...text.matchAll(focusColour)])
    .map((match) => ({ token: match[1] ?? '', alpha: match[2] }));
  expect(found.length).toBeGreaterThan(0);
  for (const { token, alpha } of found) {
    expect(alpha, `${token}${alpha ?? ''} is see-through`).toBeUndefined();
    for (const background of lightBackgrounds) {
      expect(contrastRatio(token, background), `${token} on ${background}`).toBeGreaterThanOrEqual(
        3,
      );
    }
  }
});

/**
 * Opacity takes text under 4.5:1 without changing its colour token (read notifications were
 * dimmed to 3.5:1 that way), so the checks above cannot see it. Allowed: disabled controls
 * (exempt from 1.4.3), fully transparent overlays (opacity-0), and a table's rows while its
 * next page loads (a moment, then replaced).
 */
const opacityAllowed = new Map([['data-table.tsx', 'opacity-70']]);

test('no text is dimmed with a partial opacity', () => {
  const partial = /(?:^|[\s'"`])((?:[a-z-]+:)*)opacity-(\d+)/g;
  const offenders = appSourceFiles().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(partial)]
      .filter(([, variants = '', value = '']) => {
        if (variants.includes('disabled:') || value === '0' || value === '100') return false;
        return opacityAllowed.get(file.split(/[\\/]/).pop() ?? '') !== `opacity-${value}`;
      })
      .map((match) => `${file}: ${match[0].trim()}`),
  );
  expect(offenders).toEqual([]);
});
