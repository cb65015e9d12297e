import { useRef } from 'react';

/**
 * Radix dialogs give focus back to their `Trigger` on close; ours are opened by plain buttons
 * (a table row's 'Edit', a list item, 'Logout'), so without this focus fell to <body> and a
 * keyboard user had to start over from the top of the page. The element focused when the
 * dialog opened gets focus back when it closes, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Runs before Radix moves focus into the dialog: the active element is still the opener.
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
