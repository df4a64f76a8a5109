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
  return (
    <section className="page page--narrow registration-page" aria-labelledby="registration-heading">
      <h1 id="registration-heading">{editId ? 'Correct a saved registration' : 'Register for the competition'}</h1>
      {editId ? (
        <Suspense fallback={<p>Loading the saved registration…</p>}>
          <EditSaved id={editId} />
        </Suspense>
      ) : (
        <>
          <p className="registration-page__intro">
            Register a child, or register as an institute. Works without a connection: each registration is saved on
            this device first and sent as soon as the site can reach us.
          </p>
          {/* A new key when the preselected category arrives, so the form starts from it. */}
          <RegistrationForm key={category ?? ''} initialCategory={category} />
        </>
      )}
    </section>
  );
}
