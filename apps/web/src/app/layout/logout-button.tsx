import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { LazyConfirmDialog, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { useLogout } from './use-logout.ts';

/** The sidebar's last entry: asks first (docs/screens/shell.md#sidebar), then logs out. */
export function LogoutButton({ collapsed = false }: { collapsed?: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const logout = useLogout();

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        {...preloadOn(LazyConfirmDialog)}
        title={collapsed ? 'Logout' : undefined}
        className={`flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium max-md:py-3 text-cream-200 transition-colors hover:bg-white/10 hover:text-white ${collapsed ? 'justify-center' : ''}`}
      >
        <LogOut aria-hidden size={20} className="shrink-0" />
        <span className={collapsed ? 'sr-only' : undefined}>Logout</span>
      </button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Are you sure?"
        message="You want to logout!"
        confirmLabel="Yes, Logout!"
        cancelLabel="No, Cancel!"
        tone="primary"
        busy={busy}
        onConfirm={() => {
          setBusy(true);
          // The shell unmounts when logout navigates to /signin; nothing to reset afterwards.
          void logout();
        }}
      />
    </>
  );
}
