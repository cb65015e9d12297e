import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

/** 'Nothing here' for lists, e.g. 'No users found' with the hint 'Try adjusting your search criteria'. */
export function EmptyState({
  title,
  hint,
  icon,
  action,
}: {
  title: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-10 text-center">
      <span
        aria-hidden
        className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-cream-200 text-gold-700"
      >
        {icon ?? <Inbox size={22} />}
      </span>
      <p className="font-medium text-oak-900">{title}</p>
      {hint ? <p className="mt-1 text-sm text-oak-700">{hint}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
