import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { rubricFor } from '@domain/judging';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SignInForm, type SignInWords } from '@/components/form/sign-in-form';
import { signOut, type SessionCopy } from '@/lib/auth';
import { formatDay } from '@/lib/i18n/format';
import { localizeData } from '@/lib/i18n/localize-data';
import { useT, type Translate } from '@/lib/i18n/use-t';
import { withQueryProvider } from '@/lib/query-client';
import { isLiveSheet, resumeAfterSignIn, syncEngine, useOutboxRecords, type ScoreRecord } from '@/lib/outbox';
import { SheetsSyncStatus } from '../components/sheets-sync-status';
import { forgetQueue, judgeFileHref, useJudgeQueue, type QueueEntry } from '../api/get-judge-queue';
import { useJudgeProfile, useRecuse } from '../api/judge-profile';
import { judgeSession } from '../api/judge-session';
import { keepOnDevice, keptHrefs, releaseKept, storageUse } from '../api/offline-entries';
import { saveScore } from '../api/save-score';
import { forgetLiveSessions, useLiveSessions } from '../api/live-sessions';
import { ConflictsForm } from '../components/conflicts-form';
import { EntryMedia, entryMeta, ScoreSheet, type Sheet } from '../components/score-sheet';
import { ageBandName, categoryName } from '../utils/labels';
import '../judging.css';

/** The sign-in's words: the judges' own heading and offline advice, the venue sign-in's shared words. */
const signInWords = (t: Translate): SignInWords => ({
  title: t('judging.signIn.title'),
  failures: {
    unreachable: t('judging.signIn.unreachable'),
    credentials: t('venue.signIn.credentials'),
    'rate-limited': t('venue.signIn.rateLimited'),
    refused: t('venue.signIn.refused'),
  },
});

/** /judge and /ta/judge: a judge's queue of blind entries and the score sheet of the one chosen (issues 24, 49). */
export const JudgePage = withQueryProvider(function JudgePage() {
  const { t } = useT();
  const [judge, setJudge] = useState<SessionCopy | null>(() => judgeSession.saved());
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    if (!judge) return;
    void judgeSession.confirm().then((state) => {
      if (state === 'valid') void resumeAfterSignIn();
      if (state === 'ended') {
        setEnded(true);
        setJudge(null);
      }
    });
  }, [judge]);

  const onSignedIn = (session: SessionCopy) => {
    setEnded(false);
    setJudge(session);
    void resumeAfterSignIn().then(() => syncEngine().syncNow());
  };

  return (
    <div className="page judging">
      <h1>{t('judging.title')}</h1>
      {judge ? (
        <SignedIn
          judge={judge}
          onSignOut={async () => {
            await signOut().catch(() => {});
            judgeSession.forget();
            forgetQueue();
            forgetLiveSessions();
            await releaseKept();
            setJudge(null);
          }}
        />
      ) : (
        <SignInForm
          words={signInWords(t)}
          signIn={judgeSession.signIn}
          onSignedIn={onSignedIn}
          reason={ended ? t('judging.signIn.ended') : undefined}
        />
      )}
    </div>
  );
});

/** The judge's newest sheet of each entry: the one still on this device if it is newer than the server's. */
function newestSheets(entries: readonly QueueEntry[], records: readonly ScoreRecord[]) {
  const sheets = new Map<string, Sheet & { editedAt: string; waiting: boolean }>();
  for (const entry of entries) if (entry.sheet) sheets.set(entry.entryId, { ...entry.sheet, waiting: false });
  // Sent ones too: the queue from the server may be older than the last save.
  for (const record of records) {
    const payload = record.payload;
    if (record.status === 'failed' || record.status === 'conflict' || isLiveSheet(payload)) continue;
    const current = sheets.get(payload.entryId);
    if (!current || current.editedAt <= payload.editedAt) {
      sheets.set(payload.entryId, {
        scores: payload.scores,
        comment: payload.comment,
        familyNote: payload.familyNote ?? '',
        editedAt: payload.editedAt,
        waiting: record.status !== 'synced',
      });
    }
  }
  return sheets;
}

function SignedIn({ judge, onSignOut }: { judge: SessionCopy; onSignOut: () => Promise<void> }) {
  const { t } = useT();
  const queue = useJudgeQueue();
  const profile = useJudgeProfile();
  const outbox = useOutboxRecords();
  const recuse = useRecuse();
  const [params, setParams] = useSearchParams();
  const [recusing, setRecusing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const entries = useMemo(() => queue.data?.entries ?? [], [queue.data]);
  const scoreRecords = useMemo(() => (outbox.data ?? []).filter((record): record is ScoreRecord => record.kind === 'score'), [outbox.data]);
  const sheets = useMemo(() => newestSheets(entries, scoreRecords), [entries, scoreRecords]);
  const open = queue.data?.round?.state === 'scoring';
  const chosenNumber = Number(params.get('entry'));
  const chosen = entries.find((entry) => entry.number === chosenNumber) ?? null;
  const scored = entries.filter((entry) => sheets.has(entry.entryId)).length;
  const waiting = scoreRecords.filter((record) => record.status === 'queued' || record.status === 'sending' || record.status === 'needs-sign-in').length;
  const failed = scoreRecords.filter((record) => record.status === 'failed' || record.status === 'conflict');

  const show = (entry: QueueEntry | null) => setParams(entry ? { entry: String(entry.number) } : {});
  const nextAfter = (entry: QueueEntry) =>
    entries.find((other) => other.number > entry.number && !sheets.has(other.entryId)) ?? entries.find((other) => !sheets.has(other.entryId) && other.entryId !== entry.entryId) ?? null;

  return (
    <>
      <div className="judging__bar">
        <p>
          {t('judging.signedInAs', { username: judge.username })}
          {profile.data ? ` · ${t(`judge.expertise.${profile.data.expertise}`)}` : ''}
        </p>
        <button type="button" className="button button--small" onClick={() => void onSignOut()}>
          {t('judging.signOut')}
        </button>
      </div>
      <SheetsSyncStatus
        status={waiting > 0 ? t('judging.sync.waiting', { count: waiting }) : scored > 0 ? t('judging.sync.allSent') : ''}
        refused={failed.length > 0 ? t('judging.sync.failed', { count: failed.length, reason: failed[0]!.lastError ?? t('judging.sync.refused') }) : null}
      />
      {notice ? (
        <p className="form-notice form-notice--info" role="status">
          {notice}
        </p>
      ) : null}

      {!chosen ? <VenueSessions /> : null}

      {queue.isPending ? <p>{t('judging.loading')}</p> : null}
      {queue.isError ? (
        <div role="alert">
          <p>{t('judging.loadFailed')}</p>
          <button type="button" className="button button--small" onClick={() => void queue.refetch()}>
            {t('judging.tryAgain')}
          </button>
        </div>
      ) : null}
      {queue.data && !queue.data.round ? <p>{t('judging.noRound')}</p> : null}

      {chosen ? (
        <>
          <button type="button" className="button button--small judging__back" onClick={() => show(null)}>
            {t('judging.back', { scored, total: entries.length })}
          </button>
          <SheetFor
            key={chosen.entryId}
            entry={chosen}
            sheet={sheets.get(chosen.entryId) ?? null}
            open={open}
            onSaved={() => {
              const next = nextAfter(chosen);
              setNotice(t(next ? 'judging.saved' : 'judging.savedLast', { number: chosen.number }));
              show(next);
            }}
            onRecuse={() => setRecusing(true)}
          />
        </>
      ) : queue.data?.round ? (
        <Queue entries={entries} sheets={sheets} open={open} onChoose={show} />
      ) : null}

      {recusing && chosen ? (
        <ConfirmDialog
          words={{
            title: t('judging.recuse.title', { number: chosen.number }),
            confirm: t('judging.recuse.button'),
            confirming: t('judging.recuse.confirming'),
            keep: t('judging.recuse.keep'),
          }}
          busy={recuse.isPending}
          onClose={() => setRecusing(false)}
          onConfirm={async () => {
            try {
              const answer = await recuse.mutateAsync(chosen.entryId);
              setNotice(t(answer.reassigned ? 'judging.recuse.done' : 'judging.recuse.doneNoJudge', { number: chosen.number }));
              show(null);
            } catch {
              setNotice(t('judging.recuse.offline'));
            } finally {
              setRecusing(false);
            }
          }}
        >
          <p>{t('judging.recuse.body')}</p>
        </ConfirmDialog>
      ) : null}

      {!chosen && queue.data?.round ? <KeepOffline entries={entries} /> : null}

      {!chosen && profile.data ? (
        <details className="judging__conflicts">
          <summary>{t('judging.conflicts.title')}</summary>
          <ConflictsForm conflicts={profile.data.conflicts} />
        </details>
      ) : null}
    </>
  );
}

/** The venue sessions whose panel the judge sits on (issue 45): each opens on the tablet, then works offline. */
function VenueSessions() {
  const { t, lang, to } = useT();
  const sessions = useLiveSessions();
  const list = sessions.data?.sessions ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="venue-sessions-heading" className="judging__venue">
      <h2 id="venue-sessions-heading">{t('judging.venue.title')}</h2>
      <p>{t('judging.venue.intro')}</p>
      <ul>
        {list.map((session) => {
          const card = localizeData(session, `data.venueSession.${session.id}`, ['title', 'venue'], lang);
          return (
            <li key={session.id}>
              <AppLink to={to(`/judge/live/${session.id}`)}>{card.title}</AppLink> · {card.venue} · {formatDay(session.date, lang)}, {session.startTime}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SheetFor({ entry, sheet, open, onSaved, onRecuse }: { entry: QueueEntry; sheet: Sheet | null; open: boolean; onSaved: () => void; onRecuse: () => void }) {
  const { t, lang } = useT();
  const rubric = rubricFor(entry.category);
  if (rubric.kind !== 'scores') return <p>{t('judging.measured')}</p>;
  return (
    <ScoreSheet
      title={t('judging.entry', { number: entry.number })}
      meta={entryMeta(entry, t, lang)}
      media={<EntryMedia entry={entry} />}
      groupName={entry.entryId}
      comment={{ label: t('judging.comment.label'), note: t('judging.comment.note') }}
      withFamilyNote
      recuseLabel={t('judging.recuse.button')}
      criteria={rubric.criteria}
      sheet={sheet}
      open={open}
      onRecuse={onRecuse}
      onSave={async (input) => {
        const saved = await saveScore(entry, input, lang);
        if (!saved.saved) return saved.errors;
        onSaved();
        return null;
      }}
    />
  );
}

function Queue({ entries, sheets, open, onChoose }: { entries: readonly QueueEntry[]; sheets: ReturnType<typeof newestSheets>; open: boolean; onChoose: (entry: QueueEntry) => void }) {
  const { t, lang } = useT();
  const scored = entries.filter((entry) => sheets.has(entry.entryId)).length;
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">
        {t('judging.queue.heading', { scored, total: entries.length })}
      </h2>
      {!open ? <p className="form-notice form-notice--info">{t('judging.queue.closed')}</p> : null}
      <ol className="judging__queue">
        {entries.map((entry) => {
          const sheet = sheets.get(entry.entryId);
          return (
            <li key={entry.entryId}>
              <button type="button" className="judging__entry" onClick={() => onChoose(entry)}>
                <span className="judging__number">{t('judging.entry', { number: entry.number })}</span>{' '}
                <span>
                  {categoryName(entry.category, lang)} · {ageBandName(entry.ageBand, t)}
                </span>{' '}
                <span className={sheet ? 'judging__state judging__state--done' : 'judging__state'}>
                  {sheet ? (sheet.waiting ? t('judging.state.waiting') : t('judging.state.scored')) : t('judging.state.notScored')}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Keeps the queue's photos (and, one by one, videos) on the device to score them offline. */
function KeepOffline({ entries }: { entries: readonly QueueEntry[] }) {
  const { t } = useT();
  const [kept, setKept] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [use, setUse] = useState<{ usage: number; quota: number } | null>(null);
  // Bumped after keeping or removing files: what is kept is read again.
  const [version, setVersion] = useState(0);
  const refresh = async () => setVersion((current) => current + 1);
  useEffect(() => {
    let live = true;
    void Promise.all([keptHrefs(), storageUse()]).then(([hrefs, estimate]) => {
      if (!live) return;
      setKept(hrefs);
      setUse(estimate);
    });
    return () => {
      live = false;
    };
  }, [version]);
  const filesOf = (entry: QueueEntry) => entry.files.flatMap((file) => [judgeFileHref(entry.entryId, file.position, 'media'), ...(file.hasPoster ? [judgeFileHref(entry.entryId, file.position, 'poster')] : [])]);
  const photos = entries.filter((entry) => entry.kind === 'photos').flatMap(filesOf);
  const videos = entries.filter((entry) => entry.kind === 'video');
  const keep = async (hrefs: string[]) => {
    setBusy(true);
    try {
      await keepOnDevice(hrefs);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const photosKept = photos.filter((href) => kept.has(href)).length;
  return (
    <details className="judging__offline">
      <summary>{t('judging.offline.title')}</summary>
      <p>{t('judging.offline.intro')}</p>
      {use ? <p>{t('judging.offline.storage', { used: megabytes(use.usage), quota: megabytes(use.quota) })}</p> : null}
      {photos.length > 0 ? (
        <p>
          <button type="button" className="button button--small" disabled={busy || photosKept === photos.length} onClick={() => void keep(photos)}>
            {photosKept === photos.length ? t('judging.offline.photosKept') : t('judging.offline.keepPhotos')}
          </button>
        </p>
      ) : null}
      {videos.length > 0 ? (
        <ul className="judging__videos">
          {videos.map((entry) => {
            const hrefs = filesOf(entry);
            const isKept = hrefs.every((href) => kept.has(href));
            const size = megabytes(entry.files.reduce((sum, file) => sum + (file.bytes ?? 0), 0));
            return (
              <li key={entry.entryId}>
                {entry.durationSeconds
                  ? t('judging.offline.videoMinutes', { number: entry.number, minutes: Math.max(1, Math.round(entry.durationSeconds / 60)), size })
                  : t('judging.offline.video', { number: entry.number, size })}{' '}
                <button type="button" className="button button--small" disabled={busy || isKept} onClick={() => void keep(hrefs)}>
                  {isKept ? t('judging.offline.kept') : t('judging.offline.keepVideo')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {kept.size > 0 ? (
        <button
          type="button"
          className="button button--small"
          onClick={async () => {
            await releaseKept();
            await refresh();
          }}
        >
          {t('judging.offline.remove')}
        </button>
      ) : null}
    </details>
  );
}
