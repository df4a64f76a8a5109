import { useT } from '@/lib/i18n/use-t';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useClientValue } from '@/hooks/use-hydrated';
import { RegistrationForm } from '../components/registration-form';
import '../components/registration-form.css';

/** Correcting a refused record reads the outbox, so it loads only when asked for (`?edit=`). */
const EditSaved = lazy(() => import('../components/edit-saved-registration').then((m) => ({ default: m.EditSavedRegistration })));

export function RegistrationPage() {
  const [params] = useSearchParams();
  // The prerendered page has no query; `?edit=` and `?category=` apply right after hydration.
  const editId = useClientValue(params.get('edit'), null);
  const category = useClientValue(params.get('category'), null);
  const { t } = useT();
  return (
    <section className="page page--narrow registration-page" aria-labelledby="registration-heading">
      <h1 id="registration-heading">{editId ? t('registration.correct') : t('registration.title')}</h1>
      {editId ? (
        <Suspense fallback={<p>{t('registration.loadingSaved')}</p>}>
          <EditSaved id={editId} />
        </Suspense>
      ) : (
        <>
          <p className="registration-page__intro">{t('registration.intro')}</p>
          <RegistrationForm initialCategory={category} />
        </>
      )}
    </section>
  );
}
