/**
 * A centred spinner with its text visible, for a first load with nothing to show yet, e.g.
 * 'Loading users...' (docs/screens/users.md). Refetches of data already on screen should not use
 * it.
 */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 px-4 py-10 text-oak-700">
      <span
        aria-hidden
        className="h-5 w-5 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
