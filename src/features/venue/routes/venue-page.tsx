import { VENUE_SESSIONS, venueSessionById, type VenueSession } from '@domain/season';
import { referenceCodeIn } from '@domain/venue';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form/form-field';
import { ProblemNotice } from '@/components/form/problem-notice';
import { useMotionPreference } from '@/hooks/motion-preference';
import { resumeAfterSignIn, syncEngine, useOutboxRecords, type CheckInRecord, type FeeRecord } from '@/lib/outbox';
import { downloadRoster, expireRosters, useRoster } from '../api/roster';
import type { RosterState } from '../api/roster-db';
import { confirmSession, forgetSession, useStaffSession, type StaffSession } from '../api/staff-session';
import { forSession } from '../api/venue-records';
import { ChildPanel } from '../components/child-panel';
import { EndOfDay } from '../components/end-of-day';
import { QrScanner, canScan } from '../components/qr-scanner';
import { StaffSignIn } from '../components/staff-sign-in';
import { categoriesOf, dayOf, timeOf } from '../utils/format';
import { timedSearch } from '../utils/roster-search';
import { deviceId, useDeviceName } from '../utils/device-id';
import { DeviceNameForm } from '../components/device-name';
import '../venue.css';

/** Venue mode (/venue): the day's roster on the phone, check-in, cash fees, walk-ins, end of day. */
export function VenuePage() {
  const staff = useStaffSession();
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    void expireRosters();
  }, []);

  useEffect(() => {
    if (!staff) return;
    // Online: does the server still know this session? Offline: the saved copy holds (up to 3 days).
    void confirmSession().then((state) => {
      if (state === 'valid') void resumeAfterSignIn();
      if (state === 'ended') setEnded(true);
    });
  }, [staff]);

  const onSignedIn = () => {
    setEnded(false);
    // Records that waited for this sign-in go back in the queue and are sent at once.
    void resumeAfterSignIn().then(() => syncEngine().syncNow());
  };

  return (
    <div className="page venue">
      {/* The header says "Venue mode" in view; the heading is for the page's outline. */}
      <h1 className="visually-hidden">Venue mode</h1>
      {staff ? (
        <SignedIn
          staff={staff}
          onSignedOut={() => {
            forgetSession();
            setEnded(true);
          }}
          onSignedIn={onSignedIn}
        />
      ) : (
        <StaffSignIn
          onSignedIn={onSignedIn}
          reason={ended ? 'Your staff sign-in has ended. Sign in again: records saved on this device wait and are sent once you do.' : undefined}
        />
      )}
    </div>
  );
}

function SignedIn({ staff, onSignedOut, onSignedIn }: { staff: StaffSession; onSignedOut: () => void; onSignedIn: () => void }) {
  const [params, setParams] = useSearchParams();
  const session = venueSessionById(params.get('session') ?? '') ?? null;
  const sessionId = session?.id ?? '';

  const { state: rosterState, rows: roster } = useRoster(sessionId);
  const outbox = useOutboxRecords();
  const records = useMemo(() => forSession(outbox.data ?? [], sessionId), [outbox.data, sessionId]);
  const signedOutRecords = records.filter((r) => r.status === 'needs-sign-in').length;
  const thisDevice = useMemo(() => deviceId(), []);
  const thisDeviceName = useDeviceName();
  const [renaming, setRenaming] = useState(false);

  const [choosingSession, setChoosingSession] = useState(false);
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Counts taps on a result: each one brings the child's card into view, even the same child again.
  const [revealed, setRevealed] = useState(0);
  const [scanning, setScanning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [received, setReceived] = useState<number | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchBarRef = useRef<HTMLDivElement>(null);
  const childRef = useRef<HTMLDivElement>(null);
  const { motionAllowed } = useMotionPreference();

  const results = useMemo(() => timedSearch(roster, query), [roster, query]);
  const selected = roster.find((row) => row.registrationId === selectedId) ?? null;
  const mine = (kind: 'check-in' | 'fee', registrationId: string) =>
    records.find((r) => r.kind === kind && r.payload.registrationId === registrationId && r.status !== 'failed');

  // A chosen child's card comes into view below the sticky search, its Check in button with it;
  // the focus moves to the child's name, so a screen reader says who it is.
  useEffect(() => {
    const card = childRef.current;
    if (revealed === 0 || !card) return;
    card.style.scrollMarginTop = `${(searchBarRef.current?.offsetHeight ?? 0) + 8}px`;
    card.scrollIntoView({ behavior: motionAllowed ? 'smooth' : 'auto', block: 'start' });
    card.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
    // Only a new tap scrolls: not a change of motion preference.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealed]);

  const choose = (registrationId: string) => {
    setSelectedId(registrationId);
    setRevealed((n) => n + 1);
  };

  const clearSearch = () => {
    setQuery('');
    setSelectedId(null);
    setNotice(null);
    searchRef.current?.focus();
  };

  async function download() {
    if (!session) return;
    setReceived(0);
    setDownloadProblem(null);
    try {
      const started = performance.now();
      const state = await downloadRoster(session, { onProgress: setReceived });
      performance.measure('venue-roster-download', { start: started, end: performance.now() });
      setNotice(`Roster saved on this device: ${state.count} children.`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401) onSignedOut();
      else setDownloadProblem('The roster could not be downloaded. Check the connection and try again.');
    } finally {
      setReceived(null);
    }
  }

  const onScanned = useCallback(
    (text: string) => {
      setScanning(false);
      const code = referenceCodeIn(text);
      setQuery(code ?? text);
      const match = code ? roster.find((row) => row.referenceCode === code) : undefined;
      if (match) {
        setSelectedId(match.registrationId);
        setRevealed((n) => n + 1);
      } else setNotice(code ? `${code} is not on this session's roster. Register the child as a walk-in if needed.` : 'That QR code holds no reference code.');
    },
    [roster],
  );

  const downloading = received !== null;
  return (
    <>
      {signedOutRecords > 0 ? (
        <StaffSignIn
          onSignedIn={onSignedIn}
          reason={`Your staff sign-in has ended. ${signedOutRecords} records are saved on this device and wait for you to sign in again; nothing is lost.`}
        />
      ) : null}

      {!thisDeviceName || renaming ? (
        <section className="venue-card" aria-labelledby="venue-device">
          <h2 id="venue-device">{thisDeviceName ? 'Rename this device' : 'Name this device'}</h2>
          {thisDeviceName ? null : <p>Once, on each phone or tablet: the team and the admin then see which device made each record.</p>}
          <DeviceNameForm current={thisDeviceName} onDone={() => setRenaming(false)} />
        </section>
      ) : null}

      {thisDeviceName ? (
      <section className="venue-card" aria-labelledby="venue-session">
        <h2 id="venue-session">Session</h2>
        <p className="venue-device-line">
          This device: <strong>{thisDeviceName}</strong>{' '}
          {renaming ? null : (
            <button type="button" className="button" onClick={() => setRenaming(true)}>
              Rename
            </button>
          )}
        </p>
        {session && !choosingSession ? (
          <div className="venue-session-chosen">
            <SessionLines session={session} />
            <button type="button" className="button" onClick={() => setChoosingSession(true)}>
              Change session
            </button>
          </div>
        ) : (
          <SessionPicker
            current={sessionId}
            onChoose={(id) => {
              setSelectedId(null);
              setQuery('');
              setChoosingSession(false);
              setParams({ session: id });
            }}
          />
        )}
        {session ? (
          <>
            <div role="status">
              <RosterStatus state={rosterState} received={received} />
            </div>
            <button type="button" className="button button--primary" disabled={downloading} onClick={() => void download()}>
              {downloading ? 'Downloading…' : !rosterState ? 'Download roster' : rosterState.complete === false ? 'Finish downloading the roster' : 'Update roster'}
            </button>
            <ProblemNotice problem={downloadProblem} />
          </>
        ) : null}
      </section>
      ) : null}

      {session && thisDeviceName ? (
        <>
          <div role="status" className="venue-notice">
            {notice ? <p>{notice}</p> : null}
          </div>
          <section className="venue-card venue-find" aria-labelledby="venue-find">
            <h2 id="venue-find">Find a child</h2>
            <div ref={searchBarRef} className="venue-search">
              <FormField label="Search by name or reference code" hint="Works offline, from the roster on this device.">
                {(control) => (
                  <div className="venue-search__row">
                    <input
                      {...control}
                      ref={searchRef}
                      type="search"
                      autoComplete="off"
                      value={query}
                      onChange={(e) => setQuery(e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' && results.length === 1 && results[0]) choose(results[0].registrationId);
                      }}
                    />
                    <button type="button" className="button venue-search__clear" disabled={!query && !selectedId} onClick={clearSearch}>
                      Clear search
                    </button>
                  </div>
                )}
              </FormField>
            </div>
            {canScan() ? (
              scanning ? (
                <QrScanner onCode={onScanned} onClose={() => setScanning(false)} />
              ) : (
                <button type="button" className="button" onClick={() => setScanning(true)}>
                  Scan QR code
                </button>
              )
            ) : null}
            {query.trim() ? (
              <ul className="venue-results" aria-label="Search results">
                {results.length === 0 ? <li>No child on this roster matches.</li> : null}
                {results.map((row) => {
                  const done = row.checkIn ?? mine('check-in', row.registrationId);
                  return (
                    <li key={row.registrationId}>
                      <button type="button" className="venue-result" aria-pressed={row.registrationId === selectedId} onClick={() => choose(row.registrationId)}>
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
            <div ref={childRef}>
              {selected ? (
                <ChildPanel
                  key={selected.registrationId}
                  session={session}
                  staff={staff}
                  child={selected}
                  thisDevice={thisDevice}
                  localCheckIn={mine('check-in', selected.registrationId) as CheckInRecord | undefined}
                  localFee={mine('fee', selected.registrationId) as FeeRecord | undefined}
                  onDone={setNotice}
                />
              ) : null}
            </div>
            <Link className="button" to={`/venue/walk-in?session=${encodeURIComponent(session.id)}`}>
              Register a walk-in
            </Link>
          </section>
          <EndOfDay session={session} records={records} onCleared={() => setNotice('This device is clear: no roster and no personal records are left on it.')} />
        </>
      ) : null}
    </>
  );
}

/** A session in full, one line each: contest, venue, day. */
function SessionLines({ session }: { session: VenueSession }) {
  return (
    <span className="venue-session-lines">
      <strong>{session.title}</strong>
      <span>{session.venue}</span>
      <span>{dayOf(session)}</span>
    </span>
  );
}

/** Every session as a large button showing it in full, wrapped rather than cut off as a select's text is. */
function SessionPicker({ current, onChoose }: { current: string; onChoose: (sessionId: string) => void }) {
  return (
    <>
      <p id="venue-session-choose">Choose the session you are working:</p>
      <ul className="venue-sessions" aria-labelledby="venue-session-choose">
        {VENUE_SESSIONS.map((s) => (
          <li key={s.id}>
            <button type="button" className="venue-session-option" aria-pressed={s.id === current} onClick={() => onChoose(s.id)}>
              <SessionLines session={s} />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The roster's count only once it is all on the device; while it comes, how far it has got. */
function RosterStatus({ state, received }: { state: RosterState | null; received: number | null }) {
  if (received !== null) {
    return (
      <div className="venue-roster-progress">
        <p>Downloading the roster… {received.toLocaleString('en-IN')} children received so far.</p>
        <progress aria-label="Roster download" />
      </div>
    );
  }
  if (!state) return <p>No roster on this device yet.</p>;
  if (state.complete === false) {
    return <p>The roster download stopped part way ({state.count.toLocaleString('en-IN')} children so far). Download it again to finish.</p>;
  }
  return <p>{`${state.count} children on this device, updated ${timeOf(new Date(state.downloadedAt).toISOString())}.`}</p>;
}
