import { localizeFieldError } from '@/lib/i18n/field-error';
import { createReferenceCode } from '@domain/reference-code';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { deleteRecord, resendAsNew, retryRecord, type OutboxRecord } from '@/lib/outbox';
import { formatDateTime } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { comparableFields, fieldLabel, kindLabel, recordTitle, statusLabel } from '../utils/describe-record';
import { AppLink } from '@/components/app-link';

export function OutboxRecordCard({ record }: { record: OutboxRecord }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { t, to, lang } = useT();
  const busy = record.status === 'sending';
  const title = recordTitle(record);

  const run = async (action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      // Retrying or resending stores the record again, which wakes the sync engine.
      await action();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('outbox.problem'));
    }
  };

  return (
    <li className={`outbox-card outbox-card--${record.status}`}>
      <div className="outbox-card__head">
        <div>
          <p className="outbox-card__kind">{kindLabel(record)}</p>
          <h3 className="outbox-card__title">{title}</h3>
        </div>
        <span className={`outbox-status outbox-status--${record.status}`}>{statusLabel(record.status)}</span>
      </div>
      <dl className="outbox-card__meta">
        {record.kind === 'registration' ? (
          <div>
            <dt>{t('field.referenceCode')}</dt>
            <dd className="outbox-card__code">{record.referenceCode}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('outbox.saved')}</dt>
          <dd>{formatDateTime(record.createdAt, lang)}</dd>
        </div>
        {record.attempts > 0 && record.status !== 'synced' ? (
          <div>
            <dt>{t('outbox.tries')}</dt>
            <dd>{record.attempts}</dd>
          </div>
        ) : null}
        {record.syncedAt ? (
          <div>
            <dt>{t('outbox.sent')}</dt>
            <dd>{formatDateTime(record.syncedAt, lang)}</dd>
          </div>
        ) : null}
      </dl>

      {record.lastError && record.status !== 'synced' ? <p className="outbox-card__error">{record.lastError}</p> : null}
      {record.fieldErrors && record.status === 'failed' ? (
        <ul className="outbox-card__fields" aria-label={t('outbox.fix')}>
          {Object.entries(record.fieldErrors).map(([field, message]) => (
            <li key={field}>
              <strong>{fieldLabel(field)}:</strong> {localizeFieldError(field, message)}
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
            <AppLink className="button button--primary" to={`${to('/registration')}?edit=${record.id}`}>
              {t('outbox.edit')}
            </AppLink>
          ) : null}
          {record.status === 'failed' || record.status === 'conflict' || record.status === 'needs-sign-in' ? (
            <button type="button" className="button" disabled={busy} onClick={() => void run(() => retryRecord(record.id))}>
              {t('outbox.retry')}
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
              {t('outbox.resendNew')}
            </button>
          ) : null}
          <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirming(true)}>
            {t('outbox.delete')}
          </button>
        </div>
      ) : null}
      {busy ? <p className="outbox-card__note">{t('outbox.busy')}</p> : null}

      {confirming ? (
        <Dialog
          title={t('outbox.deleteTitle')}
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
                {t('outbox.deleteConfirm')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('outbox.keep')}
              </button>
            </>
          }
        >
          <p>
            {t('outbox.deleteText', { title })}
            {record.kind === 'registration' ? ` ${t('outbox.deleteCode', { code: record.referenceCode })}` : ''}
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
  const { t } = useT();
  return (
    <div className="outbox-conflict">
      {theirs ? (
        <p>{t('conflict.both')}</p>
      ) : (
        <p>{t('conflict.mineOnly')}</p>
      )}
      <div className="outbox-conflict__scroll">
        <table>
          <caption className="visually-hidden">
            {theirs ? t('conflict.captionBoth') : t('conflict.captionMine')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('conflict.field')}</th>
              <th scope="col">{t('conflict.here')}</th>
              {theirs ? <th scope="col">{t('conflict.server')}</th> : null}
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
                    {other !== value ? <span className="visually-hidden"> {t('conflict.different')}</span> : null}
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
