import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { plural } from '@domain/plural';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/use-t';
import { withQueryProvider } from '@/lib/query-client';
import { isLiveSheet, useOutboxRecords, type LiveSheetPayload, type ScoreRecord } from '@/lib/outbox';
import { judgeSession } from '../api/judge-session';
import { useLiveSession, type LiveSessionDownload } from '../api/live-sessions';
import { saveLiveSheet } from '../api/save-live-sheet';
import { ScoreSheet } from '../components/score-sheet';
import { ageBandName, categoryName } from '../utils/labels';
import '../judging.css';

type Performer = LiveSessionDownload['performers'][number];
type LiveSheet = { scores: Record<string, number>; comment: string; recused: boolean; editedAt: string; waiting: boolean };

/** The judge's newest sheet of each performer: from the download, or the outbox when it is newer. */
function newestSheets(download: LiveSessionDownload | undefined, records: readonly ScoreRecord[], sessionId: string) {
  const sheets = new Map<number, LiveSheet>();
  for (const sheet of download?.sheets ?? []) sheets.set(sheet.number, { scores: sheet.scores, comment: sheet.note, recused: sheet.recused, editedAt: sheet.editedAt, waiting: false });
  for (const record of records) {
    const payload = record.payload;
    if (record.status === 'failed' || record.status === 'conflict' || !isLiveSheet(payload) || payload.sessionId !== sessionId) continue;
    const current = sheets.get(payload.number);
    if (!current || current.editedAt <= payload.editedAt) sheets.set(payload.number, sheetOf(payload, record.status !== 'synced'));
  }
  return sheets;
}

const sheetOf = (payload: LiveSheetPayload, waiting: boolean): LiveSheet => ({ scores: payload.scores, comment: payload.note, recused: payload.recused, editedAt: payload.editedAt, waiting });

const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });

/**
 * /judge/live/:sessionId (issue 45): a judge's tablet at the venue. Opened once online, it keeps
 * the session (rubric and running order, numbers only) and works on without a connection: the
 * current performer's number, a score per criterion, an optional note, Save and next. Sheets wait
 * in the outbox and go when the connection is back.
 */
export const LiveSessionPage = withQueryProvider(function LiveSessionPage() {
  const { sessionId = '' } = useParams();
  const signedIn = judgeSession.saved();
  return (
    <div className="page judging">
      {signedIn ? (
        <LiveSession sessionId={sessionId} />
      ) : (
        <>
          <h1>Judging at the venue</h1>
          <p>
            <AppLink to="/judge">Sign in as a judge</AppLink> first, while the tablet is online. After that this session works without a connection.
          </p>
        </>
      )}
    </div>
  );
});

function LiveSession({ sessionId }: { sessionId: string }) {
  const { t, lang } = useT();
  const session = useLiveSession(sessionId);
  const outbox = useOutboxRecords();
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<string | null>(null);
  const [recusing, setRecusing] = useState(false);
  const data = session.data;
  const records = useMemo(() => (outbox.data ?? []).filter((record): record is ScoreRecord => record.kind === 'score'), [outbox.data]);
  const sheets = useMemo(() => newestSheets(data, records, sessionId), [data, records, sessionId]);
  const waiting = records.filter((record) => isLiveSheet(record.payload) && record.payload.sessionId === sessionId && record.status !== 'synced').length;
  const failed = records.filter((record) => isLiveSheet(record.payload) && record.payload.sessionId === sessionId && (record.status === 'failed' || record.status === 'conflict'));

  if (session.isPending) return <p>Downloading the session…</p>;
  if (!data) {
    return (
      <div role="alert">
        <h1>Judging at the venue</h1>
        <p>This session could not be downloaded{session.error instanceof TypeError ? ': the tablet is offline and has no copy of it yet' : ''}. Open it once while online.</p>
        <button type="button" className="button button--small" onClick={() => void session.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const open = data.state === 'scoring';
  const performing = data.performers.filter((performer) => performer.status !== 'did-not-perform');
  const done = performing.filter((performer) => sheets.has(performer.number)).length;
  const chosen = data.performers.find((performer) => performer.number === Number(params.get('performer'))) ?? null;
  const show = (performer: Performer | null) => setParams(performer ? { performer: String(performer.number) } : {});
  const nextAfter = (number: number) => {
    const index = performing.findIndex((performer) => performer.number === number);
    return [...performing.slice(index + 1), ...performing.slice(0, Math.max(0, index))].find((performer) => !sheets.has(performer.number)) ?? null;
  };
  const contest = categoryName(data.session.category, lang);
  const afterSave = (number: number, words: string) => {
    const next = nextAfter(number);
    setNotice(`${words}${next ? '' : ' Every performer has a sheet.'}`);
    show(next);
  };

  return (
    <>
      <h1>{data.session.title}</h1>
      <p className="judging__bar">
        {data.session.venue} · {data.session.date} · {data.session.startTime}
        {data.keptAt ? ` · Kept on this tablet at ${clock(data.keptAt)}: it works offline` : ''}
      </p>
      <p className="judging__sync" role="status">
        {waiting > 0 ? `${plural(waiting, { one: '# sheet', other: '# sheets' })} saved on this tablet, waiting to be sent.` : done > 0 ? 'Every sheet is sent.' : ''}
      </p>
      {failed.length > 0 ? (
        <p className="form-notice form-notice--error" role="alert">
          {plural(failed.length, { one: 'A sheet was', other: '# sheets were' })} not accepted: {failed[0]!.lastError ?? 'the server refused it.'}
        </p>
      ) : null}
      {!open ? <p className="form-notice form-notice--info">This session’s results are published: the sheets are final.</p> : null}
      {notice ? (
        <p className="form-notice form-notice--info" role="status">
          {notice}
        </p>
      ) : null}

      {chosen ? (
        <>
          <button type="button" className="button button--small judging__back" onClick={() => show(null)}>
            ← Running order ({done} of {performing.length} scored)
          </button>
          {chosen.overTime ? <p className="form-notice form-notice--info">Staff marked this performance over the time limit.</p> : null}
          {sheets.get(chosen.number)?.recused ? <p className="form-notice form-notice--info">You stepped back from this performer. Scoring it replaces that.</p> : null}
          <ScoreSheet
            key={chosen.number}
            title={`Performer ${chosen.number}`}
            meta={`${contest} · ${data.session.ageBand ? ageBandName(data.session.ageBand, t) : ''}`}
            groupName={`performer-${chosen.number}`}
            comment={{ label: 'Note', note: '(optional, only the organisers see it)' }}
            recuseLabel="I know this performer"
            criteria={data.criteria}
            sheet={sheets.get(chosen.number)?.recused ? null : (sheets.get(chosen.number) ?? null)}
            open={open}
            onRecuse={() => setRecusing(true)}
            onSave={async (input) => {
              const saved = await saveLiveSheet({ sessionId, number: chosen.number, contest, criteria: data.criteria }, { scores: input.scores, note: input.comment, recused: false });
              if (!saved.saved) return saved.errors;
              afterSave(chosen.number, `Performer ${chosen.number} saved.`);
              return null;
            }}
          />
        </>
      ) : (
        <RunningOrder performers={data.performers} sheets={sheets} onChoose={show} />
      )}

      {recusing && chosen ? (
        <ConfirmDialog
          words={{ title: `Step back from performer ${chosen.number}?`, confirm: 'I know this performer', confirming: 'Saving…', keep: 'Keep scoring' }}
          busy={false}
          onClose={() => setRecusing(false)}
          onConfirm={async () => {
            await saveLiveSheet({ sessionId, number: chosen.number, contest, criteria: data.criteria }, { scores: {}, note: '', recused: true });
            setRecusing(false);
            afterSave(chosen.number, `You stepped back from performer ${chosen.number}: the rest of the panel’s scores count.`);
          }}
        >
          <p>If you know this performer, your score does not count for them: the result comes from the other judges of the panel, and says so.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function RunningOrder({ performers, sheets, onChoose }: { performers: readonly Performer[]; sheets: ReturnType<typeof newestSheets>; onChoose: (performer: Performer) => void }) {
  if (performers.length === 0) return <p>No one is checked in yet. The running order appears here as staff check children in (reload while online).</p>;
  return (
    <section aria-labelledby="running-order-heading">
      <h2 id="running-order-heading">Running order</h2>
      <ol className="judging__queue">
        {performers.map((performer) => {
          const sheet = sheets.get(performer.number);
          const state =
            performer.status === 'did-not-perform'
              ? 'Did not perform'
              : sheet?.recused
                ? 'Stepped back'
                : sheet
                  ? sheet.waiting
                    ? 'Scored, waiting to send'
                    : 'Scored'
                  : 'Not scored';
          return (
            <li key={performer.number}>
              <button type="button" className="judging__entry" disabled={performer.status === 'did-not-perform'} onClick={() => onChoose(performer)}>
                <span className="judging__number">Performer {performer.number}</span>{' '}
                {performer.status === 'performed-later' ? <span>(performs later)</span> : null} {performer.overTime ? <span>(over time)</span> : null}{' '}
                <span className={sheet ? 'judging__state judging__state--done' : 'judging__state'}>{state}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
