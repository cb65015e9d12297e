import { useState } from 'react';

/**
 * The rows chosen on the page shown (issue 31): a bulk action acts on rows the admin can see, so
 * a choice is kept only while its row is on screen (a new page, sort, filter or search leaves
 * rows out, and they drop from the choice).
 */
export function useRowSelection(visibleIds: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = new Set(visibleIds.filter((id) => chosen.has(id)));
  return {
    selected: selected as ReadonlySet<string>,
    /** What DataTable's `selection` needs. */
    onChange: (next: ReadonlySet<string>) => setChosen(next),
    clear: () => setChosen(new Set()),
  };
}
