import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isUnsynced } from '@/lib/outbox/outbox-db';
import { useOutboxRecords } from '@/lib/outbox/outbox-queries';
import { QueryProvider } from '@/lib/query-client';
import { OutboxRecordCard } from '../components/outbox-record-card';
import { SyncPanel } from '../components/sync-panel';
import { downloadOutbox } from '../utils/export-outbox';
import '../components/saved-page.css';

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
  const unsynced = (records ?? []).filter(isUnsynced);
  const sent = (records ?? []).filter((record) => !isUnsynced(record)).reverse();

  return (
    <section className="page page--narrow saved-page" aria-labelledby="saved-heading">
      <h1 id="saved-heading">Saved on this device</h1>
      <p className="saved-page__intro">
        Registrations, judge applications, messages and newsletter sign-ups are saved here first and sent to the
        organisers as soon as there is a connection. Nothing here is lost when you close the browser.
      </p>
      <SyncPanel waiting={unsynced.filter((record) => record.status === 'queued').length} />

      {isPending ? <p>Loading what is saved…</p> : null}
      {isError ? <p className="outbox-card__error">The saved records could not be read from this device’s storage.</p> : null}

      <h2>Not sent yet ({unsynced.length})</h2>
      {!isPending && unsynced.length === 0 ? (
        <p className="saved-page__empty">
          Everything has been sent. <Link to="/registration">Register another child</Link>
        </p>
      ) : (
        <ul className="outbox-list">
          {unsynced.map((record) => (
            <OutboxRecordCard key={record.id} record={record} />
          ))}
        </ul>
      )}

      <div className="saved-page__export">
        <button
          type="button"
          className="button"
          disabled={!records || records.length === 0}
          onClick={() => {
            setExportProblem(null);
            downloadOutbox(records ?? []).catch(() => setExportProblem('The export could not be created.'));
          }}
        >
          Export as JSON
        </button>
        <p>A file with everything saved on this device, to keep or hand to the organisers if sending keeps failing.</p>
        {exportProblem ? <p role="alert">{exportProblem}</p> : null}
      </div>

      {sent.length > 0 ? (
        <>
          <h2>Sent from this device</h2>
          <p className="saved-page__hint">Kept here for 7 days so you can look up a reference code.</p>
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
