import { useT } from '@/lib/i18n/use-t';
import { AppLink } from '@/components/app-link';

export function NotFoundPage() {
  const { t, to } = useT();
  return (
    <section className="page page--narrow not-found" aria-labelledby="not-found-heading">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="not-found-heading">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="button-row">
        <AppLink to={to('/')} className="button button--primary">{t('notFound.home')}</AppLink>
        <AppLink to={to('/contest/category')} className="button">{t('notFound.contests')}</AppLink>
      </div>
    </section>
  );
}
