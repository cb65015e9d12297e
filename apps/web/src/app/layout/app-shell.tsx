import { Outlet } from 'react-router';

/** Placeholder shell: the sidebar and header are built by the shell work of issue 2. */
export function AppShell() {
  return (
    <main className="p-6">
      <Outlet />
    </main>
  );
}
