import { useOutboxRecord } from '@/lib/outbox';
import { useT } from '@/lib/i18n/use-t';
import { withQueryProvider } from '@/lib/query-client';
import { AppLink } from '@/components/app-link';

/** Whether the application has reached us yet, read live from the outbox. */
export const JudgeSavedNotice = withQueryProvider(function SavedNotice({ id }: { id: string }) {
  const { t, to } = useT();
  const { data: record } = useOutboxRecord(id);
  const sent = record?.status === 'synced';
  return (
    <div className="form-notice form-notice--success">
      <p>
        <strong>{t('judge.thanks')}</strong>
      </p>
      <p>
        {sent ? (
          t('judge.sent')
        ) : (
          <>
            {t('judge.savedHere')} <AppLink to={to('/saved')}>{t('judge.seeSaved')}</AppLink>
          </>
        )}
      </p>
    </div>
  );
});
