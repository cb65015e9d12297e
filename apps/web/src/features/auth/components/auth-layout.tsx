import { useId, type ReactNode } from 'react';

/**
 * The frame of the four authentication screens (docs/screens/common.md#look: gold and cream, with
 * the logo): a centred cream card with a gold rule on top, the logo, the screen's heading and its
 * form.
 */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <main className="flex min-h-screen items-center justify-center bg-cream-100 bg-[radial-gradient(circle_at_top,var(--color-cream-50),transparent_60%)] px-4 py-10">
      <section
        aria-labelledby={headingId}
        className="w-full max-w-md overflow-hidden rounded-2xl border border-cream-300 bg-cream-50 shadow-lg shadow-oak-900/5"
      >
        <div aria-hidden className="h-1.5 bg-linear-to-r from-gold-300 via-gold-500 to-gold-700" />
        <div className="px-5 py-8 sm:px-10 sm:py-10">
          <img
            src="/logo.svg"
            alt="Cask Admin"
            width={64}
            height={64}
            className="mx-auto h-16 w-16"
          />
          <h1
            id={headingId}
            className="mt-5 text-center text-2xl font-semibold tracking-tight text-oak-900"
          >
            {title}
          </h1>
          {description ? (
            <div className="mt-2 text-center text-sm text-oak-700">{description}</div>
          ) : null}
          <div className="mt-8">{children}</div>
        </div>
      </section>
    </main>
  );
}
