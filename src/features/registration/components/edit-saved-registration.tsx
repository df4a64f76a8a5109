import { useNavigate } from 'react-router-dom';
import { useT } from '@/lib/i18n/use-t';
import { useOutboxRecord } from '@/lib/outbox';
import { withQueryProvider } from '@/lib/query-client';
import { RegistrationForm } from './registration-form';

/** Edit-and-resend: a registration the server refused, corrected from the outbox. */
export const EditSavedRegistration = withQueryProvider(function EditSaved({ id }: { id: string }) {
  const navigate = useNavigate();
  const { t, to } = useT();
  const { data: record, isPending } = useOutboxRecord(id);
  if (isPending) return <p>{t('edit.loading')}</p>;
  if (!record || record.kind !== 'registration') {
    return <p>{t('edit.gone')}</p>;
  }
  if (record.status === 'sending' || record.status === 'synced') {
    return <p>{record.status === 'sending' ? t('edit.sending') : t('edit.sent')}</p>;
  }
  return (
    <>
      {record.lastError ? <p className="form-notice form-notice--error">{t('edit.serverSaid', { reason: record.lastError })}</p> : null}
      <RegistrationForm
        key={record.id}
        editing={{ payload: record.payload, fieldErrors: record.fieldErrors }}
        onEdited={() => void navigate(to('/saved'))}
      />
    </>
  );
});
