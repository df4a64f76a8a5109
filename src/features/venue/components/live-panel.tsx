import { useEffect, useMemo, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { raceTimeLabel } from '@domain/live-judging';
import type { VenueSession } from '@domain/season';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ProblemNotice } from '@/components/form/problem-notice';
import { api, ApiRequestError, readResponse } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import type { HeatRecord, MarkRecord, VenueRecord } from '@/lib/outbox';
import type { RosterRow } from '../api/roster-db';
import { saveHeat, saveMark } from '../api/save-live-records';
import type { StaffSession } from '../api/staff-session';

type LiveStatus = InferResponseType<(typeof api.venue.sessions)[':sessionId']['live']['$get'], 200>;
type Performer = LiveStatus['performers'][number];

const POLL_MS = 5_000;

/** The session's live status from the server, asked again every few seconds while the page is open; the last answer stays when offline. */
function useLiveStatus(sessionId: string) {
  const [status, setStatus] = useState<{ data: LiveStatus; at: number } | null>(null);
  const [offline, setOffline] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const data = await readResponse(api.venue.sessions[':sessionId'].live.$get({ param: { sessionId } }));
        if (!live) return;
        setStatus({ data, at: Date.now() });
        setOffline(false);
      } catch {
        if (live) setOffline(true);
      }
    };
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [sessionId, version]);
  return { status, offline, reload: () => setVersion((v) => v + 1) };
}

/**
 * Judging at the venue in venue mode (issue 45): a panel session's running order (staff move a
 * child, mark "performs later", "did not perform" or over time) and how many sheets are in; a
 * race's heats, recorded offline; the results as they stand, and publishing them for the head of
 * the venue. Marks and heats are outbox records: they wait on the phone like check-ins.
 */
export function LivePanel({ session, staff, roster, records }: { session: VenueSession; staff: StaffSession; roster: readonly RosterRow[]; records: readonly VenueRecord[] }) {
  const { t } = useT();
  const { status, offline, reload } = useLiveStatus(session.id);
  return (
    <section className="work-card venue-card venue-live" aria-labelledby="venue-live">
      <h2 id="venue-live">{session.judging === 'panel' ? t('venue.live.panelHeading') : t('venue.live.raceHeading')}</h2>
      <p role="status">{offline ? t('venue.live.offline') : status ? t('venue.live.asOf', { time: new Date(status.at).toLocaleTimeString() }) : t('venue.live.loading')}</p>
      {session.judging === 'panel' ? (
        <RunningOrder session={session} staff={staff} status={status?.data ?? null} marks={records.filter((r): r is MarkRecord => r.kind === 'mark')} />
      ) : (
        <Heats session={session} staff={staff} roster={roster} records={records} status={status?.data ?? null} />
      )}
      {status ? <Results session={session} status={status.data} onPublished={reload} /> : null}
    </section>
  );
}

/** The running order: the server's, with this phone's marks not yet sent laid over it. */
function RunningOrder({ session, staff, status, marks }: { session: VenueSession; staff: StaffSession; status: LiveStatus | null; marks: readonly MarkRecord[] }) {
  const { t } = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const pending = useMemo(() => {
    const byChild = new Map<string, MarkRecord>();
    for (const mark of marks) if (mark.status !== 'synced' && mark.status !== 'failed') byChild.set(mark.payload.registrationId, mark);
    return byChild;
  }, [marks]);
  if (!status) return null;
  const panelSize = status.panel.length;
  const rows = status.performers.map((performer) => {
    const mark = pending.get(performer.registrationId)?.payload;
    return mark ? { ...performer, status: mark.status, overTime: mark.overTime ?? false, waiting: true } : { ...performer, waiting: false };
  });
  const mark = async (performer: (typeof rows)[number], change: Partial<{ status: Performer['status']; overTime: boolean; position: number | null }>) => {
    setProblem(null);
    const saved = await saveMark(session, staff, { registrationId: performer.registrationId, childName: performer.childName, referenceCode: '' }, {
      status: change.status ?? performer.status,
      overTime: change.overTime ?? performer.overTime,
      position: change.position !== undefined ? change.position : null,
    });
    if (!saved.saved) setProblem(Object.values(saved.errors)[0] ?? t('venue.live.markFailed'));
  };
  const earlier = (index: number) => {
    const before = rows[index - 1];
    const twoBefore = rows[index - 2];
    if (!before) return null;
    return twoBefore ? (twoBefore.number + before.number) / 2 : before.number - 0.5;
  };
  return (
    <>
      <p>{t('venue.live.panel', { judges: status.panel.map((judge) => judge.username).join(', ') || '–', count: panelSize })}</p>
      {status.progress ? (
        <p>
          {t('venue.live.progress', { done: status.progress.fullyScored, count: status.progress.performers })}{' '}
          {status.panel
            .filter((judge) => (status.progress?.waiting[judge.judgeId] ?? 0) > 0)
            .map((judge) => t('venue.live.judgeWaiting', { judge: judge.username, count: status.progress?.waiting[judge.judgeId] ?? 0 }))
            .join(' ')}
        </p>
      ) : null}
      <ProblemNotice problem={problem} />
      {rows.length === 0 ? <p>{t('venue.live.noPerformers')}</p> : null}
      <ol className="venue-order">
        {rows.map((performer, index) => (
          <li key={performer.registrationId} className="venue-order__row">
            <span className="venue-order__number">{performer.number}</span>
            <span className="venue-order__name">{performer.childName}</span>
            <span className="venue-order__sheets">{t('venue.live.sheets', { count: performer.judges.length + performer.recused, panel: panelSize })}</span>
            <span className="venue-order__state">
              {performer.status === 'did-not-perform' ? t('venue.live.didNotPerform') : performer.status === 'performed-later' ? t('venue.live.later') : ''}
              {performer.overTime ? ` ${t('venue.live.overTime')}` : ''}
              {performer.waiting ? ` ${t('venue.live.markWaiting')}` : ''}
            </span>
            {status.live.state === 'published' ? null : (
            <span className="venue-order__actions">
              {index > 0 && performer.status === 'in-order' ? (
                <button type="button" className="button button--small" onClick={() => void mark(performer, { position: earlier(index) })}>
                  {t('venue.live.moveEarlier')}
                </button>
              ) : null}
              {performer.status === 'in-order' ? (
                <button type="button" className="button button--small" onClick={() => void mark(performer, { status: 'performed-later' })}>
                  {t('venue.live.markLater')}
                </button>
              ) : (
                <button type="button" className="button button--small" onClick={() => void mark(performer, { status: 'in-order' })}>
                  {t('venue.live.backInOrder')}
                </button>
              )}
              {performer.status !== 'did-not-perform' ? (
                <button type="button" className="button button--small" onClick={() => void mark(performer, { status: 'did-not-perform' })}>
                  {t('venue.live.markDidNotPerform')}
                </button>
              ) : null}
              <button type="button" className="button button--small" aria-pressed={performer.overTime} onClick={() => void mark(performer, { overTime: !performer.overTime })}>
                {t('venue.live.markOverTime')}
              </button>
            </span>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Seconds as staff type them ("12.34", "12,34") in milliseconds; null for an empty box; NaN for anything else. */
function millisecondsOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d{1,4}(\.\d{1,3})?$/.test(trimmed) ? Math.round(Number(trimmed) * 1000) : Number.NaN;
}

/** A race's heats: record one from the checked-in babies not yet in a counted heat, and the heats recorded so far. */
function Heats({ session, staff, roster, records, status }: { session: VenueSession; staff: StaffSession; roster: readonly RosterRow[]; records: readonly VenueRecord[]; status: LiveStatus | null }) {
  const { t } = useT();
  const heatRecords = records.filter((r): r is HeatRecord => r.kind === 'heat');
  const localCheckIns = new Set(records.flatMap((r) => (r.kind === 'check-in' && r.status !== 'failed' ? [r.payload.registrationId] : [])));
  const checkedIn = roster.filter((row) => row.checkIn || localCheckIns.has(row.registrationId));
  const ran = new Set<string>();
  for (const heat of status?.heats ?? []) if (!heat.voidReason) for (const runner of heat.runners) ran.add(runner.registrationId);
  for (const heat of heatRecords) if (!heat.payload.voidReason && !heat.firstHeat && heat.status !== 'failed') for (const runner of heat.payload.runners) ran.add(runner.registrationId);
  const known = [...(status?.heats ?? []).map((heat) => heat.heat), ...heatRecords.map((heat) => heat.payload.heat)];
  const nextHeat = known.length ? Math.max(...known) + 1 : 1;

  // The next heat's number until staff type another.
  const [typedHeat, setHeatNumber] = useState<string | null>(null);
  const heatNumber = typedHeat ?? String(nextHeat);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [voided, setVoided] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const attemptsOf = (heat: number) => [...(status?.heats ?? []).filter((h) => h.heat === heat).map((h) => h.attempt), ...heatRecords.filter((h) => h.payload.heat === heat).map((h) => h.payload.attempt ?? 1)];
  async function record() {
    setProblem(null);
    setNotice(null);
    const heat = Number(heatNumber);
    if (!Number.isInteger(heat) || heat < 1) return setProblem(t('venue.heats.numberProblem'));
    const runners = Object.entries(chosen).map(([registrationId, text]) => ({ registrationId, timeMs: voided ? null : millisecondsOf(text) }));
    if (runners.length === 0) return setProblem(t('venue.heats.noneChosen'));
    if (runners.some((runner) => Number.isNaN(runner.timeMs))) return setProblem(t('venue.heats.timeProblem'));
    const attempts = attemptsOf(heat);
    const saved = await saveHeat(session, staff, {
      heat,
      attempt: attempts.length ? Math.max(...attempts) + 1 : 1,
      voidReason: voided ? 'false-start' : null,
      runners: voided ? runners.map((runner) => ({ ...runner, timeMs: null })) : runners,
      label: t('venue.heats.title', { heat }),
    });
    if (!saved.saved) return setProblem(Object.values(saved.errors)[0] ?? t('venue.heats.saveFailed'));
    setChosen({});
    setVoided(false);
    setHeatNumber(voided ? String(heat) : null);
    setNotice(voided ? t('venue.heats.savedVoid', { heat }) : t('venue.heats.saved', { heat }));
  }

  const nameOf = (registrationId: string) => roster.find((row) => row.registrationId === registrationId)?.childName ?? registrationId.slice(0, 8);
  return (
    <>
      <h3>{t('venue.heats.recordHeading')}</h3>
      <label className="venue-heat__number">
        {t('venue.heats.number')}{' '}
        <input type="number" min={1} inputMode="numeric" value={heatNumber} onChange={(e) => setHeatNumber(e.target.value)} />
      </label>
      <fieldset className="venue-heat__runners">
        <legend>{t('venue.heats.runners')}</legend>
        {checkedIn.filter((row) => !ran.has(row.registrationId)).length === 0 ? <p>{t('venue.heats.noOneLeft')}</p> : null}
        {checkedIn
          .filter((row) => !ran.has(row.registrationId))
          .map((row) => {
            const on = row.registrationId in chosen;
            return (
              <div key={row.registrationId} className="venue-heat__runner">
                <label>
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() =>
                      setChosen((current) => {
                        const next = { ...current };
                        if (on) delete next[row.registrationId];
                        else next[row.registrationId] = '';
                        return next;
                      })
                    }
                  />{' '}
                  {row.childName} ({row.referenceCode})
                </label>
                {on && !voided ? (
                  <label>
                    {t('venue.heats.time')}{' '}
                    <input
                      type="text"
                      inputMode="decimal"
                      size={7}
                      value={chosen[row.registrationId] ?? ''}
                      onChange={(e) => setChosen((current) => ({ ...current, [row.registrationId]: e.target.value }))}
                    />
                  </label>
                ) : null}
              </div>
            );
          })}
      </fieldset>
      <label className="venue-heat__void">
        <input type="checkbox" checked={voided} onChange={(e) => setVoided(e.target.checked)} /> {t('venue.heats.falseStart')}
      </label>
      <p>
        <button type="button" className="button button--primary" onClick={() => void record()}>
          {t('venue.heats.record')}
        </button>
      </p>
      <ProblemNotice problem={problem} />
      {notice ? <p role="status">{notice}</p> : null}

      <h3>{t('venue.heats.listHeading')}</h3>
      <ul className="venue-heats">
        {heatRecords
          .filter((heat) => heat.firstHeat)
          .map((heat) => (
            <li key={heat.id} role="alert">
              {t('venue.heats.elsewhere', { heat: heat.payload.heat, device: heat.firstHeat!.deviceName ?? heat.firstHeat!.deviceId, staff: heat.firstHeat!.by, time: new Date(heat.firstHeat!.at).toLocaleTimeString() })}
            </li>
          ))}
        {heatRecords
          .filter((heat) => heat.status === 'failed')
          .map((heat) => (
            <li key={heat.id} role="alert">
              {t('venue.heats.refused', { heat: heat.payload.heat, reason: heat.lastError ?? '' })}
            </li>
          ))}
        {heatRecords
          .filter((heat) => heat.status !== 'synced' && heat.status !== 'failed')
          .map((heat) => (
            <li key={heat.id}>{t('venue.heats.waiting', { heat: heat.payload.heat })}</li>
          ))}
        {(status?.heats ?? []).map((heat) => (
          <li key={heat.id}>
            {t('venue.heats.recorded', { heat: heat.heat, device: heat.deviceName ?? '', staff: heat.by })}
            {heat.voidReason ? ` ${t('venue.heats.void')}` : ''}:{' '}
            {heat.runners.map((runner) => `${nameOf(runner.registrationId)} ${runner.timeMs === null ? t('venue.heats.dnf') : raceTimeLabel(runner.timeMs, 'en')}`).join(', ')}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The results as they stand, and publishing them (an admin or the head of the venue). */
function Results({ session, status, onPublished }: { session: VenueSession; status: LiveStatus; onPublished: () => void }) {
  const { t, lang, to } = useT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const placed =
    session.judging === 'panel'
      ? status.performers.filter((p) => p.place !== null).map((p) => ({ key: p.registrationId, place: p.place!, name: `${p.number}. ${p.childName}`, how: p.final?.toFixed(2) ?? '' }))
      : status.runners.filter((r) => r.place !== null).map((r) => ({ key: r.registrationId, place: r.place!, name: r.childName, how: r.timeMs === null ? '' : raceTimeLabel(r.timeMs, lang) }));
  placed.sort((a, b) => a.place - b.place);
  const published = status.live.state === 'published';
  const ready = session.judging === 'race' ? status.heats.length > 0 : Boolean(status.progress?.complete);

  async function publish() {
    setBusy(true);
    setProblem(null);
    try {
      await readResponse(api.venue.sessions[':sessionId'].publish.$post({ param: { sessionId: session.id } }));
      onPublished();
      setConfirming(false);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('venue.live.publishFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h3>{published ? t('venue.live.publishedHeading') : t('venue.live.resultsHeading')}</h3>
      {placed.length === 0 ? <p>{t('venue.live.noResults')}</p> : null}
      <ol className="venue-places">
        {placed.map((row) => (
          <li key={row.key}>
            {t('venue.live.place', { place: row.place })}: {row.name} {row.how ? `(${row.how})` : ''}
          </li>
        ))}
      </ol>
      <p>
        <AppLink to={to(`/results/live/${session.id}`)}>{t('venue.live.hallScreen')}</AppLink>
      </p>
      {!published && status.mayPublish ? (
        <>
          {!ready ? <p>{t('venue.live.notReady')}</p> : null}
          <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
            {t('venue.live.publish')}
          </button>
        </>
      ) : null}
      <ProblemNotice problem={problem} />
      {confirming ? (
        <ConfirmDialog words={{ title: t('venue.live.publishTitle'), confirm: t('venue.live.publish'), confirming: t('venue.live.publishing'), keep: t('venue.live.keep') }} busy={busy} onClose={() => setConfirming(false)} onConfirm={publish}>
          <p>{t('venue.live.publishExplain')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
