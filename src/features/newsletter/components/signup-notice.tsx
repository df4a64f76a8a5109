import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { useOutboxRecord } from '@/lib/outbox';
import { QueryProvider } from '@/lib/query-client';

/** How long the notice waits for the server before it says the sign-up is kept on this device. */
export const ANSWER_WAIT_MS = 4000;

/**
 * What became of a sign-up, read live from the outbox like every other saved record. The server
 * never says whether the address was on the list before: that would tell anyone typing an
 * address whether its owner subscribed. On the list it is, either way.
 */
export function SignupNotice({ id, existing }: { id: string; existing: boolean }) {
  const { t } = useT();
  if (existing) return <>{t('newsletter.already')}</>;
  return (
    <QueryProvider>
      <Progress id={id} />
    </QueryProvider>
  );
}

function Progress({ id }: { id: string }) {
  const { t } = useT();
  const { data: record } = useOutboxRecord(id);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const stillSending = record?.status === 'queued' || record?.status === 'sending';
  if (record?.status === 'synced' || (stillSending && !waited) || record === undefined) return <>{t('newsletter.thanks')}</>;
  return <>{t('newsletter.saved')}</>;
}
