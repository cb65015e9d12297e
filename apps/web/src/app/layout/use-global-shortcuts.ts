import { useLayoutEffect } from 'react';

/** A field where '?' is text, not a shortcut (a checkbox too: '?' there does nothing). */
const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Another dialog (a form, a confirmation) is open: the shortcuts wait until it closes. */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Issue 31's keys for the whole signed-in app: Ctrl+K (⌘K on a Mac) opens the command palette,
 * even from a text field (it is no character); '?' opens the keyboard shortcuts when focus is
 * not in a text field. Neither opens over another dialog. The listener is attached in the shell's
 * commit (a layout effect), so a key pressed as soon as the screen shows is never lost to a passive
 * effect still waiting behind a busy main thread.
 */
export function useGlobalShortcuts(handlers: { openPalette(): void; openShortcuts(): void }) {
  const { openPalette, openShortcuts } = handlers;
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const paletteKey =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const shortcutsKey = event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!paletteKey && !(shortcutsKey && !isTextEntry(event.target))) return;
      if (dialogOpen()) return;
      event.preventDefault();
      if (paletteKey) openPalette();
      else openShortcuts();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openPalette, openShortcuts]);
}
