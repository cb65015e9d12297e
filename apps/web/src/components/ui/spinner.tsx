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
      <span
        aria-hidden
        className="h-5 w-5 animate-spin rounded-full border-2 border-gold-300 border-t-gold-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
