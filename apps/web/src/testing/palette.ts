import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The app's colours as its stylesheet declares them, and WCAG's contrast between two of them, for
// the tests that keep text and focus indicators readable (docs/screens/common.md#look,
// docs/conventions.md#test-kits). Read from the real index.css and the real source files, so a
// colour change shows in the tests.

/** The web app's source folder (apps/web/src). */
export const webSourceDir = join(__dirname, '..');

/** The app's stylesheet (index.css), where the palette's tokens are declared. */
export const appCss = readFileSync(join(webSourceDir, 'index.css'), 'utf8');

/** Each colour token ('gold-500', and 'white') with its hex value. */
const palette = new Map<string, string>([
  ['white', '#ffffff'],
  ...[...appCss.matchAll(/--color-([a-z]+-\d+):\s*(#[0-9a-f]{6})/gi)].map(
    (match) => [match[1] ?? '', match[2] ?? ''] as [string, string],
  ),
]);

/** The hex value of the colour token `token` ('cream-50'); an unknown token throws. */
export function tokenColour(token: string): string {
  const hex = palette.get(token);
  if (!hex) throw new Error(`unknown colour token ${token}`);
  return hex;
}

/** WCAG's relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio (1 to 21) between the colour tokens `a` and `b`. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(tokenColour(a)), luminance(tokenColour(b))].sort(
    (x, y) => y - x,
  );
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * The colour token of a utility without variant: 'gold-500' for 'bg' in
 * 'bg-gold-500 hover:bg-gold-400'.
 */
export function utilityColour(className: string, utility: 'bg' | 'text'): string {
  const match = new RegExp(`(?:^|\\s)${utility}-((?:[a-z]+-\\d+)|white)(?=\\s|$)`).exec(className);
  if (!match?.[1]) throw new Error(`no ${utility} colour in "${className}"`);
  return match[1];
}

/** The app's source files under `dir` (by default all of apps/web/src), tests left out. */
export function appSourceFiles(dir = webSourceDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return appSourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
