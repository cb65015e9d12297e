import { Link } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-error.ts';
import { Card } from './card.tsx';
import { ErrorState } from './error-state.tsx';
import { PageHeader } from './page-header.tsx';

/**
 * A record page whose record did not load (the customer page, the cask page). The API answers
 * 404 for an unknown id and 400 for one that is no id at all (a mistyped or cut link): either
 * way the record was not found, and 'Try again' could never help (docs/decisions/327). Any other
 * failure says so with the server's message and 'Try again'. Both end with the way back.
 */
export function RecordLoadFailure({
  heading,
  error,
  notFound,
  failureTitle,
  fallback,
  onRetry,
  back,
}: {
  /** The page's title while it has no record, e.g. 'Customer'. */
  heading: string;
  error: unknown;
  /** e.g. 'This customer was not found.' */
  notFound: string;
  /** e.g. 'Error Loading Customer'. */
  failureTitle: string;
  /** The message when the server sent none, e.g. 'Failed to fetch customer.' */
  fallback: string;
  onRetry: () => void;
  back: { to: string; label: string };
}) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <>
      <PageHeader title={heading} />
      <Card>
        {missing ? (
          <ErrorState title={notFound} />
        ) : (
          <ErrorState
            title={failureTitle}
            message={errorMessage(error, fallback)}
            onRetry={onRetry}
          />
        )}
        <p className="mt-2 text-center text-sm">
          <Link to={back.to} className="text-gold-700 underline">
            {back.label}
          </Link>
        </p>
      </Card>
    </>
  );
}
