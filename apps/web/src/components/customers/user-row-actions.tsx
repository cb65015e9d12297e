import { Pencil, Trash2 } from 'lucide-react';
import { IconButton } from '@/components/ui/button.tsx';

/**
 * The Action(s) cell of the lists: two icon buttons named 'Edit' and 'Delete' for assistive
 * technology. A Viewer is offered no change (docs/architecture.md#roles; the API refuses it
 * anyway, decision 220): the lists hide the column for them (`hidden` of DataTable's columns).
 */
export function UserRowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="inline-flex items-center gap-1">
      <IconButton label="Edit" onClick={onEdit}>
        <Pencil size={16} aria-hidden />
      </IconButton>
      <IconButton label="Delete" onClick={onDelete} className="hover:bg-red-50 hover:text-red-700">
        <Trash2 size={16} aria-hidden />
      </IconButton>
    </div>
  );
}
