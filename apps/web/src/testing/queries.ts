import { screen, within } from '@testing-library/react';

// The parts of a screen the web tests read, found by role and accessible name as a user (or a
// screen reader) finds them (docs/conventions.md#test-kits). One copy for every test file: a test
// never declares its own `table` or `card` (scripts/test-kits.test.mjs, issue 43).

/** A name to match: a string is matched as a part of the name, a RegExp as it is. */
export type Name = string | RegExp;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const partOf = (name: Name) => (typeof name === 'string' ? new RegExp(escape(name)) : name);

/** The table named `name` (its caption or aria-label, whole; a RegExp for a part). */
export function table(name: Name): HTMLElement {
  return screen.getByRole('table', { name });
}

/** The table named `name`, once it is shown (a lazy screen, a list still loading). */
export function findTable(name: Name): Promise<HTMLElement> {
  return screen.findByRole('table', { name });
}

/** The rows of `scope`'s body: every row but the column headers'. */
export function bodyRows(scope: HTMLElement): HTMLElement[] {
  return within(scope)
    .getAllByRole('row')
    .filter((candidate) => candidate.closest('thead') === null);
}

/** The row of `scope` (a table, or the screen) whose accessible name contains `name`. */
export function row(scope: HTMLElement, name: Name): HTMLElement {
  return within(scope).getByRole('row', { name: partOf(name) });
}

/**
 * The text of the cell under the column headed `column` in the row of `scope` named by `name`
 * ('Status' of the order 'Cask A'): by the header's text, so a new column does not shift it.
 */
export function cellText(scope: HTMLElement, name: Name, column: string): string | undefined {
  const index = within(scope)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent?.trim() === column);
  if (index < 0) throw new Error(`No column '${column}' in the table`);
  return within(row(scope, name)).getAllByRole('cell')[index]?.textContent ?? undefined;
}

/** A list's pagination, a navigation landmark named like 'Orders pagination'. */
export function pagination(name: Name): HTMLElement {
  return screen.getByRole('navigation', { name });
}

/** The search box named `name` ('Search orders'). */
export function searchBox(name: Name): HTMLElement {
  return screen.getByRole('searchbox', { name });
}

/** The list named `name` (the Notifications screen's items). */
export function list(name: Name): HTMLElement {
  return screen.getByRole('list', { name });
}

/** The page's header (the banner landmark: greeting, bell, profile link). */
export function banner(): HTMLElement {
  return screen.getByRole('banner');
}

/**
 * The stat card titled `title` (its <dl>: the title is the term, the number its definition).
 * A definition list has no accessible name (ARIA 1.3), so the title is found by its text.
 */
export function card(title: string): HTMLElement {
  const found = screen.getByText(title).closest('dl');
  if (!(found instanceof HTMLElement)) throw new Error(`No card titled '${title}'`);
  return found;
}

/** The dialog titled `title`, once it opens (its code may load on first use). */
export function dialog(title: Name): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: title });
}

/** The confirmation (an alertdialog) titled `title`, once it opens. */
export function alertDialog(title: Name): Promise<HTMLElement> {
  return screen.findByRole('alertdialog', { name: title });
}

/** The form field labelled `label` ('Email'), by its <label>, as a user finds it. */
export function fieldLabelled(label: string): HTMLElement {
  return screen.getByLabelText(label);
}

/** The input labelled `label`, whole ('Password', not the 'Show password' button beside it). */
export function inputLabelled(label: string): HTMLElement {
  return screen.getByLabelText(label, { selector: 'input' });
}

/** The button named `name` (a string whole, a RegExp for a part or a changing label). */
export function button(name: Name): HTMLElement {
  return screen.getByRole('button', { name });
}

/** The screen's title: its only level-1 heading. */
export function pageTitle(): HTMLElement {
  return screen.getByRole('heading', { level: 1 });
}

/** The one-time code screen's digit box `n` (1 to 4). */
export function digitBox(n: number): HTMLInputElement {
  return screen.getByRole('textbox', { name: `Digit ${n} of 4` }) as HTMLInputElement;
}

/** What the four digit boxes hold, in order. */
export function digitValues(): string[] {
  return [1, 2, 3, 4].map((n) => digitBox(n).value);
}

/** The option a combobox's keyboard is on (its `aria-activedescendant`), or null. */
export function activeOption(combobox: HTMLElement): HTMLElement | null {
  const id = combobox.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

/** The header's bell once it says `count` unread. */
export function findBell(count: number): Promise<HTMLElement> {
  return screen.findByRole('link', { name: `Notifications, ${count} unread` });
}

/** The navigation landmark named `name` (the sidebar's 'Main'). */
export function navigation(name: Name): HTMLElement {
  return screen.getByRole('navigation', { name });
}

/** The combobox named `name` (a select such as 'Filter by status', or a search field's). */
export function combobox(name: Name): HTMLElement {
  return screen.getByRole('combobox', { name });
}

/** The table row holding the cell named `name` exactly (an Admins row by its name). */
export function rowOf(name: string): HTMLElement {
  const found = screen.getByRole('cell', { name }).closest('tr');
  if (!found) throw new Error(`No row with the cell '${name}'`);
  return found;
}

/** `rowOf(name)`, once its cell is shown (a list still loading, a row just added). */
export async function findRow(name: string): Promise<HTMLElement> {
  await screen.findByRole('cell', { name });
  return rowOf(name);
}

/**
 * The header of `scope`'s column whose name starts with `name` (a sortable header's name also
 * carries its sort button's).
 */
export function columnHeader(scope: HTMLElement, name: string): HTMLElement {
  return within(scope).getByRole('columnheader', { name: new RegExp(`^${escape(name)}`) });
}

/** The text of each body row's cell `index` (counted from 0), in order. */
export function cellTexts(scope: HTMLElement, index: number): (string | undefined)[] {
  return bodyRows(scope).map(
    (found) => within(found).getAllByRole('cell')[index]?.textContent ?? undefined,
  );
}

/** The 'Undo' of the toast saying `message`, once shown (an earlier toast may still be leaving). */
export async function undoOf(message: string): Promise<HTMLElement> {
  const shown = await screen.findByText(message);
  if (!shown.parentElement) throw new Error(`The toast '${message}' has no parent`);
  return within(shown.parentElement).getByRole('button', { name: 'Undo' });
}

/** The Notifications screen's items: the buttons of its list, in order. */
export function notificationItems(): HTMLElement[] {
  return within(list('Notifications')).getAllByRole('button');
}

/** The Notifications screen's item whose name contains `title`. */
export function notificationItem(title: string): HTMLElement {
  return within(list('Notifications')).getByRole('button', { name: partOf(title) });
}

/** The numbers a pagination's page buttons ('Page 4') show, in order, in `scope` (the screen). */
export function pageNumbers(scope: HTMLElement = document.body): (string | null)[] {
  return within(scope)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((pageButton) => pageButton.textContent);
}
