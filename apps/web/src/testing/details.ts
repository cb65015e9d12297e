import { within } from '@testing-library/react';

/**
 * Test support: the value shown for `term` in a <DetailList> inside `container` (the read-only
 * part of a dialog). A definition has no accessible name of its own (ARIA 1.3), so the term is
 * found by its text and the value is the <dd> that follows it.
 */
export function detailValue(container: HTMLElement, term: string): HTMLElement {
  const match = within(container)
    .getAllByRole('term')
    .find((candidate) => candidate.textContent === term);
  const value = match?.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD') {
    throw new Error(`No detail '${term}' in the container`);
  }
  return value;
}
