import { useT } from '@/lib/i18n/use-t';
import { useState } from 'react';
import { isUnsynced, useOutboxRecords } from '@/lib/outbox';
import { QueryProvider } from '@/lib/query-client';
import { OutboxRecordCard } from '../components/outbox-record-card';
import { SyncPanel } from '../components/sync-panel';
import { downloadOutbox } from '../utils/export-outbox';
import '../components/saved-page.css';
import { AppLink } from '@/components/app-link';

export function SavedPage() {
  return (
    <QueryProvider>
      <SavedContent />
    </QueryProvider>
  );
}

function SavedContent() {
  const { data: records, isPending, isError } = useOutboxRecords();
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const { t, to } = useT();
  const unsynced = (records ?? []).filter(isUnsynced);
  const sent = (records ?? []).filter((record) => !isUnsynced(record)).reverse();

  return (
    <section className="page page--narrow saved-page" aria-labelledby="saved-heading">
      <h1 id="saved-heading">{t('saved.title')}</h1>
      <p className="saved-page__intro">{t('saved.intro')}</p>
      <SyncPanel waiting={unsynced.filter((record) => record.status === 'queued').length} />

      {isPending ? <p>{t('saved.loading')}</p> : null}
      {isError ? <p className="outbox-card__error">{t('saved.unreadable')}</p> : null}

      {/* No count until the device's records are read: a "(0)" while loading would tell a
          field worker that everything was sent. */}
      {isPending ? null : (
        <>
          <h2>{t('saved.unsent', { count: unsynced.length })}</h2>
          {unsynced.length === 0 ? (
            <p className="panel saved-page__empty">
              {t('saved.allSent')} <AppLink to={to('/registration')}>{t('saved.another')}</AppLink>
            </p>
          ) : (
            <ul className="outbox-list">
              {unsynced.map((record) => (
                <OutboxRecordCard key={record.id} record={record} />
              ))}
            </ul>
          )}
        </>
      )}

      <div className="saved-page__export">
        <button
          type="button"
          className="button"
          disabled={!records || records.length === 0}
          onClick={() => {
            setExportProblem(null);
            downloadOutbox(records ?? []).catch(() => setExportProblem(t('saved.exportFailed')));
          }}
        >
          {t('saved.export')}
        </button>
        <p>{t('saved.exportText')}</p>
        {exportProblem ? <p role="alert">{exportProblem}</p> : null}
      </div>

      {sent.length > 0 ? (
        <>
          <h2>{t('saved.sentTitle')}</h2>
          <p className="saved-page__hint">{t('saved.sentHint')}</p>
          <ul className="outbox-list">
            {sent.map((record) => (
              <OutboxRecordCard key={record.id} record={record} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
