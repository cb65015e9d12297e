import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { use, type FormHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { StepUpAsking } from '@/lib/session.ts';
import { useReturnFocus } from './return-focus.ts';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * 'form': the children are a <ModalForm>, which brings its own scrolling body and fixed footer
   * (its buttons inside the form), or <ModalSections> for content that is not a form. The
   * description and `footer` are not used then.
   */
  layout?: 'body' | 'form';
  /**
   * For a body of text without controls (a record's details): names its scrolling region and
   * makes it focusable, so a keyboard can scroll it on a small screen (WCAG 2.1.1; axe's
   * scrollable-region-focusable).
   */
  readingRegion?: string;
  /**
   * What takes focus when the dialog opens, instead of its first control (the Close button): the
   * command palette's search field.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Fills a phone's screen (under 768 px) instead of floating: the command palette. */
  fullScreenOnPhone?: boolean;
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl' };

/**
 * Under 768 px (decision 441): at most the screen's height as it is now (`dvh`: without the
 * browser's bars, and without the keyboard where the page is resized for it, index.html's
 * `interactive-widget`), so the header and the footer's buttons stay on screen and only the body
 * scrolls. A full-screen dialog fills it.
 */
const phoneFloating = 'max-md:max-h-[calc(100dvh-2rem)]';
const phoneFull =
  'max-md:inset-0 max-md:h-dvh max-md:max-h-none max-md:w-full max-md:max-w-none max-md:translate-x-0 max-md:translate-y-0 max-md:rounded-none max-md:border-0';

// The header and the footer keep their place; only the body between them scrolls, so however
// long the content (a notes history, a phone's short screen) Save stays in view.
const bodyClass = 'min-h-0 overflow-y-auto px-6 py-4';
const footerClass = 'flex shrink-0 flex-wrap justify-end gap-2 border-t border-cream-200 px-6 py-4';

/**
 * Every modal of the app: a Radix dialog (focus trap, Escape, scroll lock as
 * docs/screens/common.md#modals asks), titled, with a 'Close' button. Closing it puts focus back
 * where it was (return-focus.ts).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  layout = 'body',
  readingRegion,
  initialFocus,
  fullScreenOnPhone = false,
}: ModalProps) {
  const returnFocus = useReturnFocus();
  // Hidden while the step-up dialog asks for the password on its behalf (lib/session.ts).
  const covered = use(StepUpAsking) || undefined;
  const onOpenAutoFocus = (event: Event) => {
    returnFocus.onOpenAutoFocus();
    const target = initialFocus?.current;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          hidden={covered}
          className="fixed inset-0 z-40 bg-oak-900/40 backdrop-blur-[1px]"
        />
        <Dialog.Content
          {...returnFocus}
          hidden={covered}
          onOpenAutoFocus={onOpenAutoFocus}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-cream-300 bg-cream-50 shadow-xl focus:outline-none ${fullScreenOnPhone ? phoneFull : phoneFloating}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 border-b border-cream-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold text-oak-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="-mr-2 inline-flex h-8 w-8 items-center justify-center rounded-md text-oak-700 hover:bg-cream-200 max-md:-my-1.5 max-md:h-11 max-md:w-11"
            >
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          {layout === 'form' ? (
            children
          ) : (
            <>
              <div
                className={bodyClass}
                {...(readingRegion
                  ? { role: 'region', 'aria-label': readingRegion, tabIndex: 0 }
                  : {})}
              >
                {description ? (
                  <Dialog.Description className="mb-3 text-sm text-oak-700">
                    {description}
                  </Dialog.Description>
                ) : null}
                {children}
              </div>
              {footer ? <div className={footerClass}>{footer}</div> : null}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The body and the footer of a `<Modal layout="form">` whose content is not a form and whose
 * buttons depend on it (an approval request's Approve and Reject): the body scrolls, the footer
 * stays in view, on a phone too (decision 441). No footer when there are no buttons.
 */
export function ModalSections({
  footer,
  children,
  className = '',
}: {
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex min-h-0 flex-col">
      <div className={`${bodyClass} ${className}`}>{children}</div>
      {footer ? <div className={footerClass}>{footer}</div> : null}
    </div>
  );
}

export interface ModalFormProps extends FormHTMLAttributes<HTMLFormElement> {
  /** The buttons (Cancel, Save): kept in view under the fields, inside the form. */
  footer: ReactNode;
}

/**
 * A form that fills a `<Modal layout="form">`: its fields scroll in the dialog's body, its
 * buttons stay in the dialog's footer, and a submit button there submits it as usual.
 * `className` lays out the fields (e.g. a grid).
 */
export function ModalForm({ footer, children, className = '', ...form }: ModalFormProps) {
  return (
    <form {...form} className="flex min-h-0 flex-col">
      <div className={`${bodyClass} ${className}`}>{children}</div>
      <div className={footerClass}>{footer}</div>
    </form>
  );
}
