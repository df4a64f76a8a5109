import { createReferenceCode } from '@domain/reference-code';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '@/components/dialog';
import { deleteRecord, resendAsNew, retryRecord } from '@/lib/outbox/outbox';
import type { OutboxRecord } from '@/lib/outbox/outbox-db';
import { STATUS_LABEL, kindLabel, comparableFields, fieldLabel, recordTitle } from '../utils/describe-record';

const timeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function OutboxRecordCard({ record }: { record: OutboxRecord }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = record.status === 'sending';
  const title = recordTitle(record);

  const run = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      // Retrying or resending stores the record again, which wakes the sync engine.
      await action();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work. Try again.');
    }
  };

  return (
    <li className={`outbox-card outbox-card--${record.status}`}>
      <div className="outbox-card__head">
        <div>
          <p className="outbox-card__kind">{kindLabel(record)}</p>
          <h3 className="outbox-card__title">{title}</h3>
        </div>
        <span className={`outbox-status outbox-status--${record.status}`}>{STATUS_LABEL[record.status]}</span>
      </div>
      <dl className="outbox-card__meta">
        {record.kind === 'registration' ? (
          <div>
            <dt>Reference code</dt>
            <dd className="outbox-card__code">{record.referenceCode}</dd>
          </div>
        ) : null}
        <div>
          <dt>Saved</dt>
          <dd>{timeFormat.format(record.createdAt)}</dd>
        </div>
        {record.attempts > 0 && record.status !== 'synced' ? (
          <div>
            <dt>Tries</dt>
            <dd>{record.attempts}</dd>
          </div>
        ) : null}
        {record.syncedAt ? (
          <div>
            <dt>Sent</dt>
            <dd>{timeFormat.format(record.syncedAt)}</dd>
          </div>
        ) : null}
      </dl>

      {record.lastError && record.status !== 'synced' ? <p className="outbox-card__error">{record.lastError}</p> : null}
      {record.fieldErrors && record.status === 'failed' ? (
        <ul className="outbox-card__fields" aria-label="What the server asked to fix">
          {Object.entries(record.fieldErrors).map(([field, message]) => (
            <li key={field}>
              <strong>{fieldLabel(field)}:</strong> {message}
            </li>
          ))}
        </ul>
      ) : null}
      {record.status === 'conflict' ? <ConflictView record={record} /> : null}
      {problem ? (
        <p className="outbox-card__error" role="alert">
          {problem}
        </p>
      ) : null}

      {record.status !== 'synced' ? (
        <div className="outbox-card__actions">
          {record.status === 'failed' && record.kind === 'registration' ? (
            <Link className="button button--primary" to={`/registration?edit=${record.id}`}>
              Edit and resend
            </Link>
          ) : null}
          {record.status === 'failed' || record.status === 'conflict' ? (
            <button type="button" className="button" disabled={busy} onClick={() => void run(() => retryRecord(record.id))}>
              Retry
            </button>
          ) : null}
          {record.status === 'conflict' && record.kind === 'registration' ? (
            <button
              type="button"
              className="button"
              onClick={() =>
                void run(() => resendAsNew(record.id, { id: crypto.randomUUID(), referenceCode: createReferenceCode() }))
              }
            >
              Send mine as a new registration
            </button>
          ) : null}
          <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      ) : null}
      {busy ? <p className="outbox-card__note">Being sent right now; it cannot be changed until the server answers.</p> : null}

      {confirming ? (
        <Dialog
          title="Delete this saved record?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  setConfirming(false);
                  void run(() => deleteRecord(record.id));
                }}
              >
                Delete for good
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          }
        >
          <p>
            “{title}” has not reached the organisers. Deleting it removes it from this device and it will never be sent.
            {record.kind === 'registration' ? ` Reference code ${record.referenceCode}.` : ''}
          </p>
        </Dialog>
      ) : null}
    </li>
  );
}

function ConflictView({ record }: { record: OutboxRecord }) {
  const mine = comparableFields({ ...record.payload, ...(record.kind === 'registration' ? { referenceCode: record.referenceCode } : {}) });
  // The server shows its copy only to the device holding the record's secret (ADR 009).
  const theirs = record.serverCopy ? new Map(comparableFields(record.serverCopy)) : null;
  return (
    <div className="outbox-conflict">
      {theirs ? (
        <p>The server already has a different version of this record. Both are shown; differences are marked.</p>
      ) : (
        <p>
          The server already has a different record with this id. To protect the family’s details it shows that record only
          to the device that first sent it, so only this device’s version is shown.
        </p>
      )}
      <div className="outbox-conflict__scroll">
        <table>
          <caption className="outbox-sr-only">
            {theirs ? 'This device’s version and the server’s version' : 'This device’s version'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">On this device</th>
              {theirs ? <th scope="col">On the server</th> : null}
            </tr>
          </thead>
          <tbody>
            {mine.map(([label, value]) => {
              if (!theirs) {
                return (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                );
              }
              const other = theirs.get(label) ?? '—';
              return (
                <tr key={label} className={other !== value ? 'is-different' : undefined}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                  <td>
                    {other}
                    {other !== value ? <span className="outbox-sr-only"> (different)</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
