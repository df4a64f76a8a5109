import { VENUE_SESSIONS, venueSessionById } from '@domain/season';
import { referenceCodeIn } from '@domain/venue';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form/form-field';
import { resumeAfterSignIn, syncEngine, useOutboxRecords, type CheckInRecord, type FeeRecord } from '@/lib/outbox';
import { downloadRoster, expireRosters, useRoster } from '../api/roster';
import { confirmSession, savedSession, type StaffSession } from '../api/staff-session';
import { forSession } from '../api/venue-records';
import { ChildPanel } from '../components/child-panel';
import { EndOfDay } from '../components/end-of-day';
import { QrScanner, canScan } from '../components/qr-scanner';
import { StaffSignIn } from '../components/staff-sign-in';
import { categoriesOf, timeOf } from '../utils/format';
import { timedSearch } from '../utils/roster-search';
import { deviceId } from '../utils/device-id';
import '../venue.css';
import { ProblemNotice } from '@/components/form/problem-notice';

/** Venue mode (/venue): the day's roster on the phone, check-in, cash fees, walk-ins, end of day. */
export function VenuePage() {
  const [staff, setStaff] = useState<StaffSession | null>(() => savedSession());
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    void expireRosters();
    if (!staff) return;
    // Online: does the server still know this session? Offline: the saved copy holds (up to 3 days).
    void confirmSession().then((state) => {
      if (state === 'valid') void resumeAfterSignIn();
      if (state === 'ended') {
        setEnded(true);
        setStaff(null);
      }
    });
  }, [staff]);

  const onSignedIn = (session: StaffSession) => {
    setEnded(false);
    setStaff(session);
    // Records that waited for this sign-in go back in the queue and are sent at once.
    void resumeAfterSignIn().then(() => syncEngine().syncNow());
  };

  return (
    <div className="page venue">
      <h1>Venue mode</h1>
      {staff ? (
        <SignedIn staff={staff} onSignedOut={() => { setEnded(true); setStaff(null); }} onSignedIn={onSignedIn} />
      ) : (
        <StaffSignIn
          onSignedIn={onSignedIn}
          reason={ended ? 'Your staff sign-in has ended. Sign in again: records saved on this device wait and are sent once you do.' : undefined}
        />
      )}
    </div>
  );
}

function SignedIn({ staff, onSignedOut, onSignedIn }: { staff: StaffSession; onSignedOut: () => void; onSignedIn: (s: StaffSession) => void }) {
  const [params, setParams] = useSearchParams();
  const session = venueSessionById(params.get('session') ?? '') ?? null;
  const sessionId = session?.id ?? '';

  const { state: rosterState, rows: roster } = useRoster(sessionId);
  const outbox = useOutboxRecords();
  const records = useMemo(() => forSession(outbox.data ?? [], sessionId), [outbox.data, sessionId]);
  const signedOutRecords = records.filter((r) => r.status === 'needs-sign-in').length;

  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);

  const results = useMemo(() => timedSearch(roster, query), [roster, query]);
  const selected = roster.find((row) => row.registrationId === selectedId) ?? null;
  const mine = (kind: 'check-in' | 'fee', registrationId: string) =>
    records.find((r) => r.kind === kind && r.payload.registrationId === registrationId && r.status !== 'failed');

  async function download() {
    if (!session) return;
    setDownloading(true);
    setDownloadProblem(null);
    try {
      const started = performance.now();
      const state = await downloadRoster(session);
      performance.measure('venue-roster-download', { start: started, end: performance.now() });
      setNotice(`Roster saved on this device: ${state.count} children.`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401) onSignedOut();
      else setDownloadProblem('The roster could not be downloaded. Check the connection and try again.');
    } finally {
      setDownloading(false);
    }
  }

  const onScanned = useCallback(
    (text: string) => {
      setScanning(false);
      const code = referenceCodeIn(text);
      setQuery(code ?? text);
      const match = code ? roster.find((row) => row.referenceCode === code) : undefined;
      if (match) setSelectedId(match.registrationId);
      else setNotice(code ? `${code} is not on this session's roster. Register the child as a walk-in if needed.` : 'That QR code holds no reference code.');
    },
    [roster],
  );

  return (
    <>
      <p className="venue-who">
        Signed in as <strong>{staff.username}</strong> until {timeOf(staff.expiresAt)}.
      </p>
      {signedOutRecords > 0 ? (
        <StaffSignIn
          onSignedIn={onSignedIn}
          reason={`Your staff sign-in has ended. ${signedOutRecords} records are saved on this device and wait for you to sign in again; nothing is lost.`}
        />
      ) : null}

      <section className="venue-card" aria-labelledby="venue-session">
        <h2 id="venue-session">Session</h2>
        <FormField label="Session you are working">
          {(control) => (
            <select
              {...control}
              value={sessionId}
              onChange={(e) => {
                setSelectedId(null);
                setParams(e.target.value ? { session: e.target.value } : {});
              }}
            >
              <option value="">Choose a session…</option>
              {VENUE_SESSIONS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title} · {s.venue} · {s.date}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {session ? (
          <>
            <p>
              {rosterState
                ? `${rosterState.count} children on this device, updated ${timeOf(new Date(rosterState.downloadedAt).toISOString())}.`
                : 'No roster on this device yet.'}
            </p>
            <button type="button" className="button button--primary" disabled={downloading} onClick={() => void download()}>
              {downloading ? 'Downloading…' : rosterState ? 'Update roster' : 'Download roster'}
            </button>
            <ProblemNotice problem={downloadProblem} />
          </>
        ) : null}
      </section>

      {session ? (
        <>
          <div role="status" className="venue-notice">
            {notice ? <p>{notice}</p> : null}
          </div>
          <section className="venue-card" aria-labelledby="venue-find">
            <h2 id="venue-find">Find a child</h2>
            {canScan() ? (
              scanning ? (
                <QrScanner onCode={onScanned} onClose={() => setScanning(false)} />
              ) : (
                <button type="button" className="button" onClick={() => setScanning(true)}>
                  Scan QR code
                </button>
              )
            ) : null}
            <FormField label="Search by name or reference code" hint="Works offline, from the roster on this device.">
              {(control) => (
                <input
                  {...control}
                  type="search"
                  autoComplete="off"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && results.length === 1 && results[0]) setSelectedId(results[0].registrationId);
                  }}
                />
              )}
            </FormField>
            {query.trim() ? (
              <ul className="venue-results" aria-label="Search results">
                {results.length === 0 ? <li>No child on this roster matches.</li> : null}
                {results.map((row) => {
                  const done = row.checkIn ?? mine('check-in', row.registrationId);
                  return (
                    <li key={row.registrationId}>
                      <button type="button" className="venue-result" aria-pressed={row.registrationId === selectedId} onClick={() => setSelectedId(row.registrationId)}>
                        <span className="venue-result__name">{row.childName}</span>
                        <span>{row.referenceCode}</span>
                        <span>{categoriesOf(row)}</span>
                        <span>{done ? 'Checked in' : 'Not checked in'}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <Link className="button" to={`/venue/walk-in?session=${encodeURIComponent(session.id)}`}>
              Register a walk-in
            </Link>
          </section>
          {selected ? (
            <ChildPanel
              key={selected.registrationId}
              session={session}
              staff={staff}
              child={selected}
              thisDevice={deviceId()}
              localCheckIn={mine('check-in', selected.registrationId) as CheckInRecord | undefined}
              localFee={mine('fee', selected.registrationId) as FeeRecord | undefined}
              onDone={setNotice}
            />
          ) : null}
          <EndOfDay session={session} records={records} onCleared={() => setNotice('This device is clear: no roster and no personal records are left on it.')} />
        </>
      ) : null}
    </>
  );
}
