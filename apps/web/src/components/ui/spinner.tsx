/**
 * The gold spinner ring, drawn alone (hidden from screen readers: the text beside it says what
 * loads). `className` sets its size, 'h-5 w-5' by default.
 */
export function SpinnerRing({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`${className} shrink-0 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600`}
    />
  );
}

/** A small gold spinner with a text alternative for screen readers. */
export function Spinner({
  label = 'Loading',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <SpinnerRing />
      <span className="sr-only">{label}</span>
    </span>
  );
}
