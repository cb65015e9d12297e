import { Pencil, Trash2 } from 'lucide-react';
import { IconButton } from '@/components/ui/button.tsx';
import { useCan } from '@/lib/current-admin.ts';

/** The Action(s) cell of the customer tables: two icon buttons named 'Edit' and 'Delete' for assistive technology. */
export function UserRowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  // docs/architecture.md#roles: a Viewer is offered no change (the API refuses it anyway, decision
  // 220).
  if (!useCan('change')) return null;
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
