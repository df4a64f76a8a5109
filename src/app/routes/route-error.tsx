import { useT } from '@/lib/i18n/use-t';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AppLink } from '@/components/app-link';

/** What went wrong, with a button to reload and a link home; the page's own content. */
export function ErrorMessage() {
  const error = useRouteError();
  const { t, to } = useT();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t('error.load');
  return (
    <section className="page page--narrow" aria-labelledby="error-heading">
      <h1 id="error-heading">{t('error.title')}</h1>
      <p>{message}</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>{' '}
        <AppLink to={to('/')}>{t('notFound.home')}</AppLink>
      </p>
    </section>
  );
}

/** Shown when a shell (layout) fails to load; a page's own failure shows inside its shell (page-error.tsx). */
export function RouteError() {
  return (
    <main id="main">
      <ErrorMessage />
    </main>
  );
}
