import { useCallback, useState } from 'react';

export const SIDEBAR_STORAGE_KEY = 'cask-admin.sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    // Storage can be disabled (privacy settings): the sidebar then simply starts wide.
    return false;
  }
}

/** Wide or narrow sidebar, remembered across visits in localStorage. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
    } catch {
      // Not remembered, still toggled.
    }
  }, [collapsed]);
  return { collapsed, toggle };
}
