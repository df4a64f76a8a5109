import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RegistrationForm } from '../components/registration-form';
import '../components/registration-form.css';

/** Correcting a refused record reads the outbox, so it loads only when asked for (`?edit=`). */
const EditSaved = lazy(() => import('../components/edit-saved-registration').then((m) => ({ default: m.EditSavedRegistration })));

export function RegistrationPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
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
          <RegistrationForm initialCategory={params.get('category')} />
        </>
      )}
    </section>
  );
}
