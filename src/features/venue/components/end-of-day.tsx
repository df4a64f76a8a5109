import type { VenueSession } from '@domain/season';
import { useState } from 'react';
import type { VenueRecord } from '@/lib/outbox';
import { clearDevice, exportRecords, reconcile, resend, type Reconciliation } from '../api/venue-records';
import { ProblemNotice } from '@/components/form/problem-notice';
import { endOfDaySummary } from '../utils/end-of-day-summary';

/** What this device did for the session, whether the server has all of it, and clearing the phone. */
export function EndOfDay({ session, records, onCleared }: { session: VenueSession; records: VenueRecord[]; onCleared: () => void }) {
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
      setProblem('The server could not be reached. Try again when there is a connection.');
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
      setProblem(error instanceof Error ? error.message : 'Could not clear this device.');
    }
  }

  const allThere = result !== null && !result.signedOut && result.missing.length === 0;
  return (
    <section className="venue-card" aria-labelledby="end-of-day">
      <h2 id="end-of-day">End of day</h2>
      <p>
        From this device for this session: {summary.walkIns} walk-in registrations, {summary.checkIns} check-ins, {summary.paid} fees collected (₹
        {summary.paid * session.feeRupees}), {summary.waived} waived.
      </p>
      {summary.checkInsFirstElsewhere > 0 ? (
        <p className="venue-status">
          {summary.checkInsFirstElsewhere === 1
            ? '1 child checked in here had already been checked in by another device: that check-in counts as the other device’s.'
            : `${summary.checkInsFirstElsewhere} children checked in here had already been checked in by another device: those check-ins count as the other device’s.`}
        </p>
      ) : null}
      {summary.feesFirstElsewhere > 0 ? (
        <p className="venue-status">
          {summary.feesFirstElsewhere === 1
            ? '1 fee recorded here had already been recorded by another device, so it is not counted here: check the family did not pay twice.'
            : `${summary.feesFirstElsewhere} fees recorded here had already been recorded by another device, so they are not counted here: check no family paid twice.`}
        </p>
      ) : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void check()}>
        {busy ? 'Asking the server…' : 'Check everything reached the server'}
      </button>
      <div role="status" className="venue-reconcile">
        {result && allThere ? <p className="venue-status venue-status--done">All {result.total} records from this device are on the server.</p> : null}
        {result && result.signedOut ? <p className="form-notice form-notice--error">Sign in again to check with the server.</p> : null}
        {result && !result.signedOut && result.missing.length > 0 ? (
          <>
            <p className="form-notice form-notice--error">
              {result.missing.length} of {result.total} records from this device are not on the server yet:
            </p>
            <ul className="venue-missing">
              {result.missing.map((record) => (
                <li key={record.id}>
                  {record.kind === 'walk-in' ? 'Walk-in' : record.kind === 'check-in' ? 'Check-in' : 'Fee'}: {record.childName} ({record.referenceCode})
                  {record.lastError ? ` — ${record.lastError}` : ''}
                </li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => void resend(result.missing).then(check)}>
              Resend
            </button>{' '}
            <button type="button" className="button" onClick={() => void exportRecords(result.missing, session.id).catch(() => setProblem('The file could not be made.'))}>
              Export to a file
            </button>
          </>
        ) : null}
      </div>
      <ProblemNotice problem={problem} />
      <button type="button" className="button button--danger" disabled={!allThere} onClick={() => void clear()}>
        Clear this device
      </button>
      <p className="venue-hint">Removes the roster and every record already on the server from this phone. Possible once everything is on the server.</p>
    </section>
  );
}
