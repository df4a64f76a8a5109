import { useNavigate } from 'react-router-dom';
import { useOutboxRecord } from '@/lib/outbox/outbox-queries';
import { QueryProvider } from '@/lib/query-client';
import { RegistrationForm } from './registration-form';

/** Edit-and-resend: a registration the server refused, corrected from the outbox. */
export function EditSavedRegistration({ id }: { id: string }) {
  return (
    <QueryProvider>
      <EditSaved id={id} />
    </QueryProvider>
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
