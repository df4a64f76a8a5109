import { walkInsAllowed } from '@domain/venue';
import { VENUE_SESSIONS, venueSessionById, type VenueSession } from '@domain/season';
import { referenceCodeIn } from '@domain/venue';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form/form-field';
import { useT } from '@/lib/i18n/use-t';
import { ProblemNotice } from '@/components/form/problem-notice';
import { useMotionPreference } from '@/hooks/motion-preference';
import { resumeAfterSignIn, syncEngine, useOutboxRecords, type CheckInRecord, type FeeRecord } from '@/lib/outbox';
import { downloadRoster, expireRosters, useRoster } from '../api/roster';
import type { RosterState } from '../api/roster-db';
import { confirmSession, forgetSession, useStaffSession, type StaffSession } from '../api/staff-session';
import { forSession } from '../api/venue-records';
import { ChildPanel } from '../components/child-panel';
import { EndOfDay } from '../components/end-of-day';
import { LivePanel } from '../components/live-panel';
import { QrScanner, canScan } from '../components/qr-scanner';
import { StaffSignIn } from '../components/staff-sign-in';
import { categoriesOf, dayOf, sessionText, timeOf } from '../utils/format';
import { timedSearch } from '../utils/roster-search';
import { deviceId, useDeviceName } from '../utils/device-id';
import { DeviceNameForm } from '../components/device-name';
import '../venue.css';
import { AppLink } from '@/components/app-link';

/** Venue mode (/venue): the day's roster on the phone, check-in, cash fees, walk-ins, end of day. */
export function VenuePage() {
  const { t } = useT();
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
      <h1 className="visually-hidden">{t('venue.title')}</h1>
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
          reason={ended ? t('venue.signIn.ended') : undefined}
        />
      )}
    </div>
  );
}

function SignedIn({ staff, onSignedOut, onSignedIn }: { staff: StaffSession; onSignedOut: () => void; onSignedIn: () => void }) {
  const { t, to } = useT();
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
      setNotice(t('venue.roster.saved', { count: state.count }));
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401) onSignedOut();
      else setDownloadProblem(t('venue.roster.failed'));
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
      } else setNotice(code ? t('venue.scan.notOnRoster', { code }) : t('venue.scan.noCode'));
    },
    [roster, t],
  );

  const downloading = received !== null;
  return (
    <>
      {signedOutRecords > 0 ? (
        <StaffSignIn
          onSignedIn={onSignedIn}
          reason={t('venue.signIn.endedWithRecords', { count: signedOutRecords })}
        />
      ) : null}

      {!thisDeviceName || renaming ? (
        <section className="work-card venue-card" aria-labelledby="venue-device">
          <h2 id="venue-device">{thisDeviceName ? t('venue.device.renameHeading') : t('venue.device.nameHeading')}</h2>
          {thisDeviceName ? null : <p>{t('venue.device.why')}</p>}
          <DeviceNameForm current={thisDeviceName} onDone={() => setRenaming(false)} />
        </section>
      ) : null}

      {thisDeviceName ? (
      <section className="work-card venue-card" aria-labelledby="venue-session">
        <h2 id="venue-session">{t('venue.session.heading')}</h2>
        <p className="venue-device-line">
          {t('venue.device.this')} <strong>{thisDeviceName}</strong>{' '}
          {renaming ? null : (
            <button type="button" className="button" onClick={() => setRenaming(true)}>
              {t('venue.device.rename')}
            </button>
          )}
        </p>
        {session && !choosingSession ? (
          <div className="venue-session-chosen">
            <SessionLines session={session} />
            <button type="button" className="button" onClick={() => setChoosingSession(true)}>
              {t('venue.session.change')}
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
              {downloading
                ? t('venue.roster.downloading')
                : !rosterState
                  ? t('venue.roster.download')
                  : rosterState.complete === false
                    ? t('venue.roster.finish')
                    : t('venue.roster.update')}
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
          <section className="work-card venue-card venue-find" aria-labelledby="venue-find">
            <h2 id="venue-find">{t('venue.find.heading')}</h2>
            <div ref={searchBarRef} className="venue-search">
              <FormField label={t('venue.find.label')} hint={t('venue.find.hint')}>
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
                      {t('venue.find.clear')}
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
                  {t('venue.find.scan')}
                </button>
              )
            ) : null}
            {query.trim() ? (
              <ul className="venue-results" aria-label={t('venue.find.results')}>
                {results.length === 0 ? <li>{t('venue.find.none')}</li> : null}
                {results.map((row) => {
                  const done = row.checkIn ?? mine('check-in', row.registrationId);
                  return (
                    <li key={row.registrationId}>
                      <button type="button" className="venue-result" aria-pressed={row.registrationId === selectedId} onClick={() => choose(row.registrationId)}>
                        <span className="venue-result__name">{row.childName}</span>
                        <span>{row.referenceCode}</span>
                        <span>{categoriesOf(row)}</span>
                        <span>{done ? t('venue.find.checkedIn') : t('venue.find.notCheckedIn')}</span>
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
            {walkInsAllowed(session.id) ? (
              <AppLink className="button" to={`${to('/venue/walk-in')}?session=${encodeURIComponent(session.id)}`}>
                {t('venue.walkIn.link')}
              </AppLink>
            ) : (
              <p className="form-notice form-notice--info">{t('venue.walkIn.qualifiedOnly')}</p>
            )}
          </section>
          <LivePanel session={session} staff={staff} roster={roster} records={records} />
          <EndOfDay session={session} records={records} onCleared={() => setNotice(t('venue.cleared'))} />
        </>
      ) : null}
    </>
  );
}

/** A session in full, one line each: contest, venue, day. */
function SessionLines({ session }: { session: VenueSession }) {
  const { title, venue } = sessionText(session);
  return (
    <span className="venue-session-lines">
      <strong>{title}</strong>
      <span>{venue}</span>
      <span>{dayOf(session)}</span>
    </span>
  );
}

/** Every session as a large button showing it in full, wrapped rather than cut off as a select's text is. */
function SessionPicker({ current, onChoose }: { current: string; onChoose: (sessionId: string) => void }) {
  const { t } = useT();
  return (
    <>
      <p id="venue-session-choose">{t('venue.session.choose')}</p>
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
  const { t } = useT();
  if (received !== null) {
    return (
      <div className="venue-roster-progress">
        <p>{t('venue.roster.progress', { count: received })}</p>
        <progress aria-label={t('venue.roster.progressLabel')} />
      </div>
    );
  }
  if (!state) return <p>{t('venue.roster.none')}</p>;
  if (state.complete === false) return <p>{t('venue.roster.partial', { count: state.count })}</p>;
  return <p>{t('venue.roster.count', { count: state.count, time: timeOf(new Date(state.downloadedAt).toISOString()) })}</p>;
}
