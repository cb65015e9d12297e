import { SpinnerRing } from './spinner.tsx';

/**
 * A centred spinner with its text visible, for a first load with nothing to show yet, e.g.
 * 'Loading users...' (docs/screens/users.md). Refetches of data already on screen should not use
 * it.
 */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 px-4 py-10 text-oak-700">
      <SpinnerRing />
      <span className="text-sm">{label}</span>
    </div>
  );
}
