import { Modal } from '@/components/ui/modal.tsx';

/** The keys the app answers to everywhere, and inside the palette (issue 31). */
export const SHORTCUTS: readonly { keys: readonly string[]; what: string }[] = [
  { keys: ['Ctrl', 'K'], what: "Open 'Search everything' (⌘ K on a Mac)" },
  { keys: ['?'], what: 'Show these keyboard shortcuts (outside a text field)' },
  { keys: ['↓', '↑'], what: 'Move through the results of the search' },
  { keys: ['Enter'], what: 'Open the highlighted result' },
  { keys: ['Esc'], what: 'Close a dialog, the search or this list' },
];

export interface ShortcutsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Issue 31: '?' shows the keyboard shortcuts. */
export function ShortcutsDialog({ open, onOpenChange }: ShortcutsDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead>
          <tr className="text-left text-xs text-oak-700">
            <th scope="col" className="pb-2 font-semibold">
              Keys
            </th>
            <th scope="col" className="pb-2 font-semibold">
              What they do
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.what} className="border-t border-cream-200">
              <td className="py-2 pr-4 whitespace-nowrap">
                {shortcut.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' ' : null}
                    <kbd className="rounded border border-cream-300 bg-white px-1.5 py-0.5 font-mono text-xs text-oak-900">
                      {key}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className="py-2 text-oak-900">{shortcut.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
