import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '@/components/app-link';
import { rubricFor } from '@domain/judging';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SignInForm, type SignInWords } from '@/components/form/sign-in-form';
import { signOut, type SessionCopy } from '@/lib/auth';
import { withQueryProvider } from '@/lib/query-client';
import { isLiveSheet, resumeAfterSignIn, syncEngine, useOutboxRecords, type ScoreRecord } from '@/lib/outbox';
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

const WORDS: SignInWords = {
  title: 'Judge sign-in',
  failures: {
    unreachable: 'No connection. Sign in once while online; after that you can score offline.',
    credentials: 'The username or password is not correct.',
    'rate-limited': 'Too many failed sign-ins. Wait a few minutes and try again.',
    refused: 'Sign-in failed. Please try again.',
  },
};

/** /judge: a judge's queue of blind entries and the score sheet of the one chosen (issue 24). */
export const JudgePage = withQueryProvider(function JudgePage() {
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
      <h1>Judging</h1>
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
          words={WORDS}
          signIn={judgeSession.signIn}
          onSignedIn={onSignedIn}
          reason={ended ? 'Your sign-in has ended. Sign in again: scores saved on this device wait and are sent once you do.' : undefined}
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
        editedAt: payload.editedAt,
        waiting: record.status !== 'synced',
      });
    }
  }
  return sheets;
}

function SignedIn({ judge, onSignOut }: { judge: SessionCopy; onSignOut: () => Promise<void> }) {
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
          Signed in as <strong>{judge.username}</strong>
          {profile.data ? ` · ${profile.data.expertise}` : ''}
        </p>
        <button type="button" className="button button--small" onClick={() => void onSignOut()}>
          Sign out
        </button>
      </div>
      <p className="judging__sync" role="status">
        {waiting > 0 ? `${waiting === 1 ? '1 score sheet' : `${waiting} score sheets`} saved on this device, waiting to be sent.` : scored > 0 ? 'Every score sheet is sent.' : ''}
      </p>
      {failed.length > 0 ? (
        <p className="form-notice form-notice--error" role="alert">
          {failed.length === 1 ? 'A score sheet was' : `${failed.length} score sheets were`} not accepted: {failed[0]!.lastError ?? 'the server refused it.'}
        </p>
      ) : null}
      {notice ? (
        <p className="form-notice form-notice--info" role="status">
          {notice}
        </p>
      ) : null}

      {!chosen ? <VenueSessions /> : null}

      {queue.isPending ? <p>Loading your entries…</p> : null}
      {queue.isError ? (
        <div role="alert">
          <p>Your entries could not be loaded. Check the connection and try again.</p>
          <button type="button" className="button button--small" onClick={() => void queue.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {queue.data && !queue.data.round ? <p>No entries are waiting for you. The organisers will email you when judging opens.</p> : null}

      {chosen ? (
        <>
          <button type="button" className="button button--small judging__back" onClick={() => show(null)}>
            ← All entries ({scored} of {entries.length} scored)
          </button>
          <SheetFor
            key={chosen.entryId}
            entry={chosen}
            sheet={sheets.get(chosen.entryId) ?? null}
            open={open}
            onSaved={() => {
              const next = nextAfter(chosen);
              setNotice(`Entry ${chosen.number} saved.${next ? '' : ' That was the last one without a score.'}`);
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
          words={{ title: `Step back from entry ${chosen.number}?`, confirm: 'I know this child', confirming: 'Stepping back…', keep: 'Keep scoring it' }}
          busy={recuse.isPending}
          onClose={() => setRecusing(false)}
          onConfirm={async () => {
            try {
              const answer = await recuse.mutateAsync(chosen.entryId);
              setNotice(`You stepped back from entry ${chosen.number}.${answer.reassigned ? ' Another judge will score it.' : ' The organisers will find another judge.'}`);
              show(null);
            } catch {
              setNotice('Not done: stepping back needs a connection. Try again when you are online.');
            } finally {
              setRecusing(false);
            }
          }}
        >
          <p>If you know the child in this entry, another judge scores it instead. Any score you gave it is removed.</p>
        </ConfirmDialog>
      ) : null}

      {!chosen && queue.data?.round ? <KeepOffline entries={entries} /> : null}

      {!chosen && profile.data ? (
        <details className="judging__conflicts">
          <summary>Conflicts of interest</summary>
          <ConflictsForm conflicts={profile.data.conflicts} />
        </details>
      ) : null}
    </>
  );
}

/** The venue sessions whose panel the judge sits on (issue 45): each opens on the tablet, then works offline. */
function VenueSessions() {
  const sessions = useLiveSessions();
  const list = sessions.data?.sessions ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="venue-sessions-heading" className="judging__venue">
      <h2 id="venue-sessions-heading">At the venue</h2>
      <p>Open your session here while the tablet is online: it is kept on the tablet, and you can score without a connection.</p>
      <ul>
        {list.map((session) => (
          <li key={session.id}>
            <AppLink to={`/judge/live/${session.id}`}>{session.title}</AppLink> · {session.venue} · {session.date}, {session.startTime}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SheetFor({ entry, sheet, open, onSaved, onRecuse }: { entry: QueueEntry; sheet: Sheet | null; open: boolean; onSaved: () => void; onRecuse: () => void }) {
  const rubric = rubricFor(entry.category);
  if (rubric.kind !== 'scores') return <p>This contest is measured at the venue, not scored here.</p>;
  return (
    <ScoreSheet
      title={`Entry ${entry.number}`}
      meta={entryMeta(entry)}
      media={<EntryMedia entry={entry} />}
      groupName={entry.entryId}
      comment={{ label: 'Comment', note: '(optional, only the organisers see it)' }}
      recuseLabel="I know this child"
      criteria={rubric.criteria}
      sheet={sheet}
      open={open}
      onRecuse={onRecuse}
      onSave={async (input) => {
        const saved = await saveScore(entry, input);
        if (!saved.saved) return saved.errors;
        onSaved();
        return null;
      }}
    />
  );
}

function Queue({ entries, sheets, open, onChoose }: { entries: readonly QueueEntry[]; sheets: ReturnType<typeof newestSheets>; open: boolean; onChoose: (entry: QueueEntry) => void }) {
  const scored = entries.filter((entry) => sheets.has(entry.entryId)).length;
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">
        Your entries: {scored} of {entries.length} scored
      </h2>
      {!open ? <p className="form-notice form-notice--info">Scoring has closed for this round. Your scores are final.</p> : null}
      <ol className="judging__queue">
        {entries.map((entry) => {
          const sheet = sheets.get(entry.entryId);
          return (
            <li key={entry.entryId}>
              <button type="button" className="judging__entry" onClick={() => onChoose(entry)}>
                <span className="judging__number">Entry {entry.number}</span>{' '}
                <span>
                  {categoryName(entry.category)} · {ageBandName(entry.ageBand)}
                </span>{' '}
                <span className={sheet ? 'judging__state judging__state--done' : 'judging__state'}>
                  {sheet ? (sheet.waiting ? 'Scored, waiting to send' : 'Scored') : 'Not scored'}
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
      <summary>Score offline</summary>
      <p>Keep entries on this device to score them without a connection. Scores you save offline are sent when you are back online.</p>
      {use ? <p>This site uses {megabytes(use.usage)} of this device’s storage; the browser allows up to {megabytes(use.quota)}.</p> : null}
      {photos.length > 0 ? (
        <p>
          <button type="button" className="button button--small" disabled={busy || photosKept === photos.length} onClick={() => void keep(photos)}>
            {photosKept === photos.length ? 'Photo entries kept on this device' : 'Keep photo entries on this device'}
          </button>
        </p>
      ) : null}
      {videos.length > 0 ? (
        <ul className="judging__videos">
          {videos.map((entry) => {
            const hrefs = filesOf(entry);
            const isKept = hrefs.every((href) => kept.has(href));
            return (
              <li key={entry.entryId}>
                Entry {entry.number} (video{entry.durationSeconds ? `, ${Math.max(1, Math.round(entry.durationSeconds / 60))} min` : ''}, {megabytes(entry.files.reduce((sum, file) => sum + (file.bytes ?? 0), 0))}):{' '}
                <button type="button" className="button button--small" disabled={busy || isKept} onClick={() => void keep(hrefs)}>
                  {isKept ? 'Kept' : 'Keep this video'}
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
          Remove kept entries from this device
        </button>
      ) : null}
    </details>
  );
}
