import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** Shown when a page fails to load (for example a chunk missing while offline and uncached). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded. If you are offline, reconnect and try again.';
  return (
    <main id="main" className="page page--narrow">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>{' '}
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
