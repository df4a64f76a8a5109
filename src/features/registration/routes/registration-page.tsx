import { useNavigate, useSearchParams } from 'react-router-dom';
import { useOutboxRecord } from '@/lib/outbox/outbox-queries';
import { QueryProvider } from '@/lib/query-client';
import { RegistrationForm } from '../components/registration-form';
import '../components/registration-form.css';

export function RegistrationPage() {
  return (
    <QueryProvider>
      <RegistrationContent />
    </QueryProvider>
  );
}

function RegistrationContent() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  return (
    <section className="page page--narrow registration-page" aria-labelledby="registration-heading">
      <h1 id="registration-heading">{editId ? 'Correct a saved registration' : 'Register for the competition'}</h1>
      {editId ? (
        <EditSaved id={editId} />
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

function EditSaved({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data: record, isPending } = useOutboxRecord(id);
  if (isPending) return <p>Loading the saved registration…</p>;
  if (!record || record.kind !== 'registration') {
    return <p>That saved registration is no longer on this device. It may have been sent or deleted.</p>;
  }
  if (record.status === 'sending' || record.status === 'synced') {
    return <p>This registration is {record.status === 'sending' ? 'being sent right now' : 'already sent'}, so it can no longer be changed here.</p>;
  }
  return (
    <>
      {record.lastError ? <p className="form-notice form-notice--error">The server said: {record.lastError}</p> : null}
      <RegistrationForm
        key={record.id}
        editing={{ payload: record.payload, fieldErrors: record.fieldErrors }}
        onEdited={() => void navigate('/saved')}
      />
    </>
  );
}
