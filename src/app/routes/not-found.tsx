import { useT } from '@/lib/i18n/use-t';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t, to } = useT();
  return (
    <section className="page page--narrow not-found" aria-labelledby="not-found-heading">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="button-row">
        <Link to={to('/')} className="button button--primary">
          {t('notFound.home')}
        </Link>
        <Link to={to('/contest/category')} className="button">
          {t('notFound.contests')}
        </Link>
      </div>
    </section>
  );
}
