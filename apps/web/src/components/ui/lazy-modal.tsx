import { lazy, Suspense, useState, type ComponentType } from 'react';

/** A modal whose code loads when it first opens; `preload()` fetches it earlier. */
export type LazyModal<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A screen's modal loaded on demand (docs/decisions/125): its form code (react-hook-form, the
 * zod resolver, the fields, Radix Dialog) leaves the screen's first load and comes with the first
 * opening, or earlier through `preload` (see `preloadOn`).
 *
 *   const EditOfferModal = lazyModal(
 *     () => import('./edit-offer-modal.tsx').then((m) => m.EditOfferModal),
 *     (props) => props.offer !== null,
 *   );
 *
 * The result takes the same props as the modal and is rendered where the modal was. `isOpen`
 * says from its props whether it is open: nothing is loaded or rendered before the first
 * opening, and afterwards it stays mounted so it closes (and gives focus back) as before. While
 * the code loads, a dimmed overlay with a spinner shows; focus stays on the opener, so the
 * dialog's own focus handling (into the dialog, back to the opener) works as with an eager one.
 */
export function lazyModal<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): LazyModal<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        // A failed download (offline, a new deployment) may be tried again by the next preload.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Loaded = lazy(preload);

  function LazyModalComponent(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={open ? <ModalLoading /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyModalComponent, { preload });
}

/**
 * Event handlers that start loading lazy modals when the pointer enters an element or focus
 * moves into it: spread them on the button that opens a modal, or on the list whose rows do
 * (`<div {...preloadOn(EditUserModal)}>`), so the code is there by the time of the click.
 */
export function preloadOn(...modals: readonly Pick<LazyModal<never>, 'preload'>[]) {
  const preload = () => {
    for (const modal of modals) void modal.preload().catch(() => undefined);
  };
  return { onPointerEnter: preload, onFocus: preload };
}

/** What shows over the page while a modal's code loads (a slow network; usually not at all). */
function ModalLoading() {
  return (
    <div
      role="status"
      className="fixed inset-0 z-40 flex items-center justify-center bg-oak-900/40 backdrop-blur-[1px]"
    >
      <span
        aria-hidden
        className="h-8 w-8 animate-spin rounded-full border-2 border-cream-200 border-t-gold-400"
      />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/** `ConfirmDialog` (Radix AlertDialog) loaded when it first opens; same props. */
export const LazyConfirmDialog = lazyModal(
  () => import('./confirm-dialog.tsx').then((m) => m.ConfirmDialog),
  (props) => props.open,
);
