import type { VenueSession } from '@domain/season';
import { useState } from 'react';
import type { VenueRecord } from '@/lib/outbox';
import { clearDevice, exportRecords, reconcile, resend, type Reconciliation } from '../api/venue-records';
import { ProblemNotice } from '@/components/form/problem-notice';
import { useT } from '@/lib/i18n/use-t';
import { endOfDaySummary } from '../utils/end-of-day-summary';

/** What this device did for the session, whether the server has all of it, and clearing the phone. */
export function EndOfDay({ session, records, onCleared }: { session: VenueSession; records: VenueRecord[]; onCleared: () => void }) {
  const { t } = useT();
  const [result, setResult] = useState<Reconciliation | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const summary = endOfDaySummary(records);

  async function check() {
    setBusy(true);
    setProblem(null);
    try {
      setResult(await reconcile(records));
    } catch {
      setProblem(t('venue.end.unreachable'));
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    setProblem(null);
    try {
      await clearDevice();
      setResult(null);
      onCleared();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('venue.end.clearFailed'));
    }
  }

  const allThere = result !== null && !result.signedOut && result.missing.length === 0;
  return (
    <section className="work-card venue-card" aria-labelledby="end-of-day">
      <h2 id="end-of-day">{t('venue.end.heading')}</h2>
      <p>
        {t('venue.end.summary', {
          walkIns: summary.walkIns,
          checkIns: summary.checkIns,
          paid: summary.paid,
          rupees: summary.paid * session.feeRupees,
          waived: summary.waived,
        })}
      </p>
      {summary.checkInsFirstElsewhere > 0 ? <p className="venue-status">{t('venue.end.checkInsElsewhere', { count: summary.checkInsFirstElsewhere })}</p> : null}
      {summary.feesFirstElsewhere > 0 ? <p className="venue-status">{t('venue.end.feesElsewhere', { count: summary.feesFirstElsewhere })}</p> : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void check()}>
        {busy ? t('venue.end.asking') : t('venue.end.check')}
      </button>
      <div role="status" className="venue-reconcile">
        {result && allThere ? <p className="venue-status venue-status--done">{t('venue.end.allThere', { count: result.total })}</p> : null}
        {result && result.signedOut ? <p className="form-notice form-notice--error">{t('venue.end.signInAgain')}</p> : null}
        {result && !result.signedOut && result.missing.length > 0 ? (
          <>
            <p className="form-notice form-notice--error">{t('venue.end.missing', { missing: result.missing.length, total: result.total })}</p>
            <ul className="venue-missing">
              {result.missing.map((record) => (
                <li key={record.id}>
                  {record.kind === 'walk-in' ? t('venue.end.walkIn') : record.kind === 'check-in' ? t('venue.end.checkIn') : t('venue.end.fee')}:{' '}
                  {record.childName} ({record.referenceCode})
                  {record.lastError ? ` — ${record.lastError}` : ''}
                </li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => void resend(result.missing).then(check)}>
              {t('venue.end.resend')}
            </button>{' '}
            <button type="button" className="button" onClick={() => void exportRecords(result.missing, session.id).catch(() => setProblem(t('venue.end.exportFailed')))}>
              {t('venue.end.export')}
            </button>
          </>
        ) : null}
      </div>
      <ProblemNotice problem={problem} />
      <button type="button" className="button button--danger" disabled={!allThere} onClick={() => void clear()}>
        {t('venue.end.clear')}
      </button>
      <p className="venue-hint">{t('venue.end.clearHint')}</p>
    </section>
  );
}
