import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useOutboxRecord } from '@/lib/outbox';
import { QueryProvider } from '@/lib/query-client';
import { useT } from '@/lib/i18n/use-t';

/** Live status of a saved registration, read from the outbox (loaded only after a submit). */
function useSyncStatus(id: string, localCode: string) {
  const { data: record } = useOutboxRecord(id);
  const sent = record?.status === 'synced';
  // The device's record holds the code shown to the family; until it is read, show the form's.
  const code = record && record.kind === 'registration' ? record.referenceCode : localCode;
  return { record, sent, code };
}

export function SuccessPanel({ id, code }: { id: string; code: string }) {
  return (
    <QueryProvider>
      <SuccessContent id={id} localCode={code} />
    </QueryProvider>
  );
}

function SuccessContent({ id, localCode }: { id: string; localCode: string }) {
  const { sent, code } = useSyncStatus(id, localCode);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t, to } = useT();
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="registration-success" role="status">
      <h2 ref={headingRef} tabIndex={-1}>
        {t('registration.success')}
      </h2>
      <p className="registration-success__code">
        {t('registration.code')} <strong>{code}</strong>
      </p>
      <p>{sent ? t('registration.sent') : t('registration.savedHere')}</p>
      <p className="registration-success__next">
        {t('registration.next')} <Link to={to('/find-my-registration')}>{t('footer.findRegistration')}</Link>
      </p>
    </div>
  );
}

export function PreviousRegistration({ id, code }: { id: string; code: string }) {
  return (
    <QueryProvider>
      <PreviousContent id={id} localCode={code} />
    </QueryProvider>
  );
}

function PreviousContent({ id, localCode }: { id: string; localCode: string }) {
  const { record, sent, code } = useSyncStatus(id, localCode);
  const { t, to } = useT();
  if (!record) return null;
  return (
    <p className="registration-previous">
      {t('registration.last')} <strong>{code}</strong> — {sent ? t('registration.lastSent') : <Link to={to('/saved')}>{t('registration.lastSaved')}</Link>}
    </p>
  );
}
