import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import type { SidebarItem } from './nav.ts';
import { SidebarContent, toggleClass } from './sidebar.tsx';

/**
 * Under 768 px (a 375 px phone): the same sidebar slides in from the left as a modal drawer,
 * opened by the header's 'Open menu' button. Radix traps focus and closes it on Escape; a tap
 * on an entry closes it too.
 */
export function MobileSidebar({
  items,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  items: readonly SidebarItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'Open menu' button: it lives in the header, outside this dialog, so Radix cannot know it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-oak-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo?.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl focus:outline-none md:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <SidebarContent
            items={items}
            navId="drawer-navigation"
            collapsed={false}
            onNavigate={() => onOpenChange(false)}
            topAction={
              <Dialog.Close aria-label="Close menu" title="Close menu" className={toggleClass}>
                <X aria-hidden size={20} />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
