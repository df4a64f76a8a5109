import { useT } from '@/lib/i18n/use-t';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AppLink } from '@/components/app-link';

/** Shown when a page fails to load (for example a chunk missing while offline and uncached). */
export function RouteError() {
  const error = useRouteError();
  const { t, to } = useT();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : t('error.load');
  return (
    <main id="main" className="page page--narrow">
      <h1>{t('error.title')}</h1>
      <p>{message}</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>{' '}
        <AppLink to={to('/')}>{t('notFound.home')}</AppLink>
      </p>
    </main>
  );
}
