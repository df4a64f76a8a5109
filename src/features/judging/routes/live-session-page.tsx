import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDay } from '@/lib/i18n/format';
import { localizeData } from '@/lib/i18n/localize-data';
import { useT, type Translate } from '@/lib/i18n/use-t';
import { withQueryProvider } from '@/lib/query-client';
import { isLiveSheet, useOutboxRecords, type LiveSheetPayload, type ScoreRecord } from '@/lib/outbox';
import { judgeSession } from '../api/judge-session';
import { useLiveSession, type LiveSessionDownload } from '../api/live-sessions';
import { saveLiveSheet } from '../api/save-live-sheet';
import { SheetsSyncStatus } from '../components/sheets-sync-status';
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

/**
 * /judge/live/:sessionId and /ta/judge/live/:sessionId (issues 45, 49): a judge's tablet at the
 * venue. Opened once online, it keeps the session (rubric and running order, numbers only) and
 * works on without a connection: the current performer's number, a score per criterion, an
 * optional note, Save and next. Sheets wait in the outbox and go when the connection is back.
 */
export const LiveSessionPage = withQueryProvider(function LiveSessionPage() {
  const { sessionId = '' } = useParams();
  const { t, to } = useT();
  const signedIn = judgeSession.saved();
  return (
    <div className="page judging">
      {signedIn ? (
        <LiveSession sessionId={sessionId} />
      ) : (
        <>
          <h1>{t('judging.live.title')}</h1>
          <p>{t('judging.live.signInFirst')}</p>
          <p>
            <AppLink className="button" to={to('/judge')}>
              {t('judging.signIn.title')}
            </AppLink>
          </p>
        </>
      )}
    </div>
  );
});

/** A performer's state in the running order, as the judge reads it. */
function stateOf(performer: Performer, sheet: LiveSheet | undefined, t: Translate): string {
  if (performer.status === 'did-not-perform') return t('judging.live.state.didNotPerform');
  if (sheet?.recused) return t('judging.live.state.steppedBack');
  if (!sheet) return t('judging.state.notScored');
  return sheet.waiting ? t('judging.state.waiting') : t('judging.state.scored');
}

function LiveSession({ sessionId }: { sessionId: string }) {
  const { t, lang, locale } = useT();
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

  if (session.isPending) return <p>{t('judging.live.downloading')}</p>;
  if (!data) {
    return (
      <div role="alert">
        <h1>{t('judging.live.title')}</h1>
        <p>{t(session.error instanceof TypeError ? 'judging.live.notDownloadedOffline' : 'judging.live.notDownloaded')}</p>
        <button type="button" className="button button--small" onClick={() => void session.refetch()}>
          {t('judging.tryAgain')}
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
  const card = localizeData(data.session, `data.venueSession.${data.session.id}`, ['title', 'venue'], lang);
  const afterSave = (number: number, words: string) => {
    const next = nextAfter(number);
    setNotice(next ? words : `${words} ${t('judging.live.allDone')}`);
    show(next);
  };

  return (
    <>
      <h1>{card.title}</h1>
      <p className="judging__bar">
        {card.venue} · {formatDay(data.session.date, lang)} · {data.session.startTime}
        {data.keptAt ? ` · ${t('judging.live.kept', { time: new Date(data.keptAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) })}` : ''}
      </p>
      <SheetsSyncStatus
        status={waiting > 0 ? t('judging.live.waiting', { count: waiting }) : done > 0 ? t('judging.live.allSent') : ''}
        refused={failed.length > 0 ? t('judging.live.failed', { count: failed.length, reason: failed[0]!.lastError ?? t('judging.sync.refused') }) : null}
      />
      {!open ? <p className="form-notice form-notice--info">{t('judging.live.published')}</p> : null}
      {notice ? (
        <p className="form-notice form-notice--info" role="status">
          {notice}
        </p>
      ) : null}

      {chosen ? (
        <>
          <button type="button" className="button button--small judging__back" onClick={() => show(null)}>
            {t('judging.live.back', { scored: done, total: performing.length })}
          </button>
          {chosen.overTime ? <p className="form-notice form-notice--info">{t('judging.live.overTime')}</p> : null}
          {sheets.get(chosen.number)?.recused ? <p className="form-notice form-notice--info">{t('judging.live.steppedBack')}</p> : null}
          <ScoreSheet
            key={chosen.number}
            title={t('judging.live.performer', { number: chosen.number })}
            meta={data.session.ageBand ? `${contest} · ${ageBandName(data.session.ageBand, t)}` : contest}
            groupName={`performer-${chosen.number}`}
            comment={{ label: t('judging.live.note'), note: t('judging.comment.note') }}
            recuseLabel={t('judging.live.recuse.button')}
            criteria={data.criteria}
            sheet={sheets.get(chosen.number)?.recused ? null : (sheets.get(chosen.number) ?? null)}
            open={open}
            onRecuse={() => setRecusing(true)}
            onSave={async (input) => {
              const saved = await saveLiveSheet({ sessionId, number: chosen.number, contest, criteria: data.criteria }, { scores: input.scores, note: input.comment, recused: false });
              if (!saved.saved) return saved.errors;
              afterSave(chosen.number, t('judging.live.saved', { number: chosen.number }));
              return null;
            }}
          />
        </>
      ) : (
        <RunningOrder performers={data.performers} sheets={sheets} onChoose={show} />
      )}

      {recusing && chosen ? (
        <ConfirmDialog
          words={{
            title: t('judging.live.recuse.title', { number: chosen.number }),
            confirm: t('judging.live.recuse.button'),
            confirming: t('judging.saving'),
            keep: t('judging.live.recuse.keep'),
          }}
          busy={false}
          onClose={() => setRecusing(false)}
          onConfirm={async () => {
            await saveLiveSheet({ sessionId, number: chosen.number, contest, criteria: data.criteria }, { scores: {}, note: '', recused: true });
            setRecusing(false);
            afterSave(chosen.number, t('judging.live.recuse.done', { number: chosen.number }));
          }}
        >
          <p>{t('judging.live.recuse.body')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function RunningOrder({ performers, sheets, onChoose }: { performers: readonly Performer[]; sheets: ReturnType<typeof newestSheets>; onChoose: (performer: Performer) => void }) {
  const { t } = useT();
  if (performers.length === 0) return <p>{t('judging.live.nobody')}</p>;
  return (
    <section aria-labelledby="running-order-heading">
      <h2 id="running-order-heading">{t('judging.live.order')}</h2>
      <ol className="judging__queue">
        {performers.map((performer) => {
          const sheet = sheets.get(performer.number);
          return (
            <li key={performer.number}>
              <button type="button" className="judging__entry" disabled={performer.status === 'did-not-perform'} onClick={() => onChoose(performer)}>
                <span className="judging__number">{t('judging.live.performer', { number: performer.number })}</span>{' '}
                {performer.status === 'performed-later' ? <span>{t('judging.live.later')}</span> : null} {performer.overTime ? <span>{t('judging.live.overTimeTag')}</span> : null}{' '}
                <span className={sheet ? 'judging__state judging__state--done' : 'judging__state'}>{stateOf(performer, sheet, t)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
