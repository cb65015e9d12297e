import type { Locator } from '@playwright/test';

/**
 * The value shown for `term` in a dialog's read-only details (a <dl>). A definition has no
 * accessible name of its own (ARIA 1.3), so the term is found by its text and the value is the
 * <dd> right after it.
 */
export function detailValue(scope: Locator, term: string): Locator {
  return scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}
