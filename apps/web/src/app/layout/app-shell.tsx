import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useNavigate, useNavigation, type RouteObject } from 'react-router';
import { StepUpAsking } from '@/lib/session.ts';
import { onTwoFactorSetupRequired, setStepUpHandler } from '@/lib/step-up.ts';
import { Header } from './header.tsx';
import { lazyModal, preloadOn } from '@/components/ui/lazy-modal.tsx';
import { DesktopSidebar } from './sidebar.tsx';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';
import { navOf, sidebarOf, type NavItem } from './nav.ts';
import { useGlobalShortcuts } from './use-global-shortcuts.ts';
import { usePendingApprovals } from './use-pending-approvals.ts';

/** The phone drawer (Radix Dialog) loads when first opened (docs/decisions/125). */
const MobileSidebar = lazyModal(
  () => import('./mobile-sidebar.tsx').then((m) => m.MobileSidebar),
  (props) => props.open,
);

/** The step-up dialog (issue 28) loads when a change first asks for the password again. */
const StepUpDialog = lazyModal(
  () => import('./step-up-dialog.tsx').then((m) => m.StepUpDialog),
  (props) => props.open,
);

/** Issue 31: the command palette loads when first opened (or when the header's 'Search' is near). */
const CommandPalette = lazyModal(
  () => import('@/features/search/components/command-palette.tsx').then((m) => m.CommandPalette),
  (props) => props.open,
);

/** Issue 31: '?' shows the keyboard shortcuts; loaded when first asked for. */
const ShortcutsDialog = lazyModal(
  () => import('./shortcuts-dialog.tsx').then((m) => m.ShortcutsDialog),
  (props) => props.open,
);

/**
 * The entries of the route table (layout/nav.ts): the sidebar's, and the screens the palette
 * offers by name, the sidebar's first, then the others (Settings' own screens).
 */
function useNav(routes: readonly RouteObject[]) {
  const pending = usePendingApprovals().data;
  const nav = useMemo(() => {
    const items: NavItem[] = navOf(routes);
    const sidebar = sidebarOf(items);
    const screens = [...sidebar, ...items.filter((item) => item.icon === undefined)].map(
      ({ label, to }) => ({ label, to }),
    );
    return { sidebar, screens };
  }, [routes]);
  // Issue 45: the 'Approvals' entry's badge, the pending requests the admin could decide.
  const sidebar = useMemo(
    () =>
      nav.sidebar.map((item) =>
        item.badge === 'pendingApprovals' ? { ...item, count: pending } : item,
      ),
    [nav.sidebar, pending],
  );
  return { sidebar, screens: nav.screens };
}

/**
 * Issue 28: registers the dialog the API client opens when a change needs the password again,
 * and takes the admin to Settings -> Security when the policy requires a second factor first.
 */
function useSecurityPrompts() {
  const navigate = useNavigate();
  const [stepUp, setStepUp] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(
    () => setStepUpHandler(() => new Promise<boolean>((resolve) => setStepUp(() => resolve))),
    [],
  );
  useEffect(
    () => onTwoFactorSetupRequired(() => void navigate('/setting/security', { replace: true })),
    [navigate],
  );
  const finishStepUp = (confirmed: boolean) => {
    stepUp?.(confirmed);
    setStepUp(null);
  };
  return { stepUpOpen: stepUp !== null, finishStepUp };
}

/**
 * The signed-in frame (docs/screens/shell.md): sidebar on the left (a drawer on phones), the
 * header on top, and the current screen below. Each screen brings its own PageHeader title. The
 * sidebar's entries and the palette's screens are read from `routes`, the app's route table.
 */
export function AppShell({ routes }: { routes: readonly RouteObject[] }) {
  const nav = useNav(routes);
  const { collapsed, toggle } = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Routes are lazy (docs/architecture.md#web-app): while the next screen's code loads, the old one
  // stays and a thin bar says something is happening.
  const navigating = useNavigation().state !== 'idle';
  const { stepUpOpen, finishStepUp } = useSecurityPrompts();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useGlobalShortcuts({
    openPalette: useCallback(() => setPaletteOpen(true), []),
    openShortcuts: useCallback(() => setShortcutsOpen(true), []),
  });

  return (
    <div className="flex min-h-screen bg-cream-100">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-cream-50 focus:px-3 focus:py-2 focus:text-oak-900 focus:shadow"
      >
        Skip to content
      </a>
      <DesktopSidebar items={nav.sidebar} collapsed={collapsed} onToggle={toggle} />
      <MobileSidebar
        items={nav.sidebar}
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        returnFocusTo={menuButtonRef}
      />
      <StepUpDialog open={stepUpOpen} onDone={finishStepUp} />
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} screens={nav.screens} />
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />

      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          onOpenMenu={() => setDrawerOpen(true)}
          menuButtonRef={menuButtonRef}
          menuButtonProps={preloadOn(MobileSidebar)}
          onOpenSearch={() => setPaletteOpen(true)}
          searchButtonProps={preloadOn(CommandPalette)}
        />
        {navigating ? (
          <div
            role="progressbar"
            aria-label="Loading page"
            className="h-0.5 w-full animate-pulse bg-gold-400"
          />
        ) : null}
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
        >
          {/* While the step-up dialog asks, the screen's dialog that asked hides (docs/decisions/329). */}
          <StepUpAsking value={stepUpOpen}>
            <Outlet />
          </StepUpAsking>
        </main>
      </div>
    </div>
  );
}
