import { useEffect, useRef } from 'react';
import { useOutboxRecord } from '@/lib/outbox';
import { withQueryProvider } from '@/lib/query-client';
import { useT } from '@/lib/i18n/use-t';
import type { CategorySlug } from '@domain/categories';
import { PayAfterRegistering } from './pay-after-registering';
import { AppLink } from '@/components/app-link';

/** Live status of a saved registration, read from the outbox (loaded only after a submit). */
function useSyncStatus(id: string, localCode: string) {
  const { data: record } = useOutboxRecord(id);
  const sent = record?.status === 'synced';
  // The device's record holds the code shown to the family; until it is read, show the form's.
  const code = record && record.kind === 'registration' ? record.referenceCode : localCode;
  return { record, sent, code };
}

/** What the form showed (`code`) until the saved record is read. */
type Props = { id: string; code: string };

export const SuccessPanel = withQueryProvider(function SuccessContent({ id, code: localCode }: Props) {
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
        {t('registration.next')} <AppLink to={to('/find-my-registration')}>{t('footer.findRegistration')}</AppLink>
      </p>
    </div>
  );
});

export const PreviousRegistration = withQueryProvider(function PreviousContent({ id, code: localCode }: Props) {
  const { record, sent, code } = useSyncStatus(id, localCode);
  const { t, to } = useT();
  if (!record) return null;
  return (
    <>
      <p className="registration-previous">
        {t('registration.last')} <strong>{code}</strong> — {sent ? t('registration.lastSent') : <AppLink to={to('/saved')}>{t('registration.lastSaved')}</AppLink>}
      </p>
      {record.kind === 'registration' && record.payload.type && record.payload.categories ? (
        <PayAfterRegistering registration={{ type: record.payload.type, categories: record.payload.categories as CategorySlug[] }} code={code} />
      ) : null}
    </>
  );
});
