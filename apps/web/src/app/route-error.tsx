import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong';
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-semibold text-oak-900">Something went wrong</h1>
      <p className="mt-2 text-oak-700" role="alert">
        {message}
      </p>
      <Link className="mt-6 inline-block text-gold-700 underline" to="/">
        Back to the dashboard
      </Link>
    </main>
  );
}
