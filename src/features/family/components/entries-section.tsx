import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { entryProblems, type EntryProblem, type EntryRule } from '@domain/entries';
import { useT } from '@/lib/i18n/use-t';
import type { PendingUpload, UploadProgress } from '../api/entry-uploads';
import { familyKeys } from '../api/family-keys';
import { getEntryThumbnail, useFamilyEntries, type FamilyContest, type FamilyEntry } from '../api/get-family-entries';
import { loadEntryUploads, useEntryUploads } from '../hooks/use-entry-uploads';
import { categoryMessage, formatDay, formatMegabytes } from '../utils/format';
import { FamilySection } from './family-section';

const MB = 1024 * 1024;

/**
 * "Send your entry" (issue 23): a card per contest with what it asks for and until when, the
 * entry that counts, and the one on its way. Choosing a file keeps it on this device first, then
 * sends it; the card shows how far it got, and what the server found once it checked it.
 */
export function EntriesSection({ token }: { token: string }) {
  const { t } = useT();
  const query = useFamilyEntries(token);
  const contests = query.data?.contests.filter((contest) => contest.rule !== null) ?? [];
  const uploads = useEntryUploads(token, contests.length > 0);
  if (!query.data || contests.length === 0) return null;
  return (
    <FamilySection headingId="entries-heading" className="family-entries" title={t('family.entries.title')}>
      {uploads.progress || uploads.pending.some((upload) => upload.refused === null) ? (
        <p className="form-notice form-notice--info">{t('family.entries.keepOpen')}</p>
      ) : null}
      {contests.map((contest) => (
        <EntryCard
          key={contest.category}
          token={token}
          contest={contest as FamilyContest & { rule: EntryRule }}
          pending={uploads.pending.filter((upload) => upload.category === contest.category)}
          progress={uploads.progress}
          online={uploads.online}
          onRetry={uploads.retry}
        />
      ))}
    </FamilySection>
  );
}

function EntryCard({
  token,
  contest,
  pending,
  progress,
  online,
  onRetry,
}: {
  token: string;
  contest: FamilyContest & { rule: EntryRule };
  pending: PendingUpload[];
  progress: UploadProgress | null;
  online: boolean;
  onRetry: () => void;
}) {
  const { t, lang } = useT();
  const inputId = useId();
  const [problems, setProblems] = useState<EntryProblem[]>([]);
  const [noRoom, setNoRoom] = useState(false);
  const { rule } = contest;
  const name = categoryMessage(contest.category) ? t(categoryMessage(contest.category) ?? '') : contest.category;
  // The moment the page opened decides: a card does not close under a family's fingers.
  const [openedAt] = useState(() => Date.now());
  const closed = openedAt >= new Date(rule.closesAt).getTime();
  const lastDay = formatDay(new Date(new Date(rule.closesAt).getTime() - 1).toISOString(), lang);
  const onDevice = pending[0] ?? null;
  const mine = onDevice && progress?.entryId === onDevice.entryId ? progress : null;

  const choose = async (files: File[]) => {
    const found = entryProblems(rule, files.map((file) => ({ bytes: file.size })), new Date());
    setProblems(found);
    setNoRoom(false);
    if (found.length > 0 || files.length === 0) return;
    try {
      const { keepEntryFiles } = await loadEntryUploads();
      await keepEntryFiles({ id: crypto.randomUUID(), category: contest.category, levelId: contest.levelId, credential: token, files });
    } catch {
      // The phone could not keep the file (usually: no room left): nothing was saved, nothing is sent.
      setNoRoom(true);
    }
  };

  return (
    <article className="entry-card" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>{name}</h3>
      <p>
        {rule.kind === 'video'
          ? t('family.entries.askVideo', { minutes: rule.maxSeconds / 60, mb: Math.round(rule.maxBytes / MB) })
          : t('family.entries.askPhotos', { max: rule.maxPhotos, mb: Math.round(rule.maxBytesEach / MB) })}
      </p>
      <p className="family-muted">{closed ? t('family.entries.closed', { date: lastDay }) : t('family.entries.deadline', { date: lastDay })}</p>

      {contest.counting ? <CountingEntry token={token} entry={contest.counting} /> : null}
      {contest.latest ? <LatestEntry entry={contest.latest} /> : null}

      {onDevice ? (
        <div className="entry-card__sending" role="status">
          {onDevice.refused ? (
            <>
              <p className="form-notice form-notice--error">{refusalText(t, onDevice.refused)}</p>
              <button type="button" className="button" onClick={() => void loadEntryUploads().then((uploads) => uploads.forgetEntry(onDevice.entryId))}>
                {t('family.entries.remove')}
              </button>
            </>
          ) : (
            <>
              <CopyNote pending={pending} kind={rule.kind} progress={mine} />
              {/* The copies still being made say so; once made (or given up for the original), the sending's progress shows, even while the entry is being created. */}
              {pending.some((upload) => upload.copy === 'making') ? (
                <CopyProgress progress={mine?.phase === 'copying' ? mine : null} />
              ) : (
                <SendingProgress pending={pending} progress={mine?.phase === 'sending' ? mine : null} online={online} onRetry={onRetry} />
              )}
              {pending.length === onDevice.fileCount && pending.some((upload) => upload.copy === 'making' || upload.copy === 'made') ? (
                <button type="button" className="button" onClick={() => void loadEntryUploads().then((uploads) => uploads.sendOriginalInstead(onDevice.entryId))}>
                  {t('family.entries.copy.sendOriginal')}
                </button>
              ) : null}
            </>
          )}
        </div>
      ) : null}

      {!closed && !(onDevice && !onDevice.refused) ? (
        <div className="entry-card__choose">
          <label htmlFor={inputId} className="button button--primary entry-card__label">
            {contest.counting || contest.latest
              ? t('family.entries.sendAgain')
              : rule.kind === 'video'
                ? t('family.entries.chooseVideo')
                : t('family.entries.choosePhotos')}
          </label>
          <input
            id={inputId}
            className="entry-card__input"
            type="file"
            accept={rule.kind === 'video' ? 'video/*' : 'image/*'}
            multiple={rule.kind === 'photos'}
            aria-describedby={problems.length > 0 ? `${inputId}-problems` : undefined}
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              void choose(files);
            }}
          />
          {noRoom ? (
            <p className="form-notice form-notice--error" role="alert">
              {t('family.entries.noRoom')}
            </p>
          ) : null}
          {problems.length > 0 ? (
            <ul id={`${inputId}-problems`} className="form-notice form-notice--error" role="alert">
              {problems.map((problem) => (
                <li key={problem}>{t(`family.entries.problem.${problem}`, rule.kind === 'video' ? { mb: Math.round(rule.maxBytes / MB), max: 1 } : { mb: Math.round(rule.maxBytesEach / MB), max: rule.maxPhotos })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function refusalText(t: ReturnType<typeof useT>['t'], code: string): string {
  return ['entries_closed', 'too_many_requests', 'validation_failed', 'payload_too_large', 'unsupported_media_type', 'unfinished_uploads'].includes(code)
    ? t(`family.entries.refused.${code}`)
    : t('family.entries.refused.other');
}

type CopyingProgress = Extract<UploadProgress, { phase: 'copying' }>;
type SendingProgressOf = Extract<UploadProgress, { phase: 'sending' }>;

/**
 * What the phone does with the chosen files (issue 48): the copy it is about to make and why,
 * what the copy saved once made, or the one sentence saying the original is sent instead.
 */
function CopyNote({ pending, kind, progress }: { pending: PendingUpload[]; kind: EntryRule['kind']; progress: UploadProgress | null }) {
  const { t, lang } = useT();
  const mb = (bytes: number) => formatMegabytes(bytes, lang);
  const original = pending.reduce((sum, upload) => sum + upload.original.size, 0);
  const failed = pending.find((upload) => upload.copy === 'failed');
  if (failed) {
    return <p className="form-notice form-notice--info">{t(failed.copyFailure === 'no_room' ? 'family.entries.copy.noRoom' : 'family.entries.copy.cannotRead')}</p>;
  }
  if (pending.some((upload) => upload.copy === 'making')) {
    const planned = progress?.phase === 'copying' ? progress.plannedBytes : null;
    if (kind === 'photos') return <p>{t('family.entries.copy.planPhotos', { original: mb(original) })}</p>;
    return <p>{planned ? t('family.entries.copy.planVideo', { original: mb(original), copy: mb(planned) }) : t('family.entries.copy.planVideoSoon', { original: mb(original) })}</p>;
  }
  if (pending.every((upload) => upload.copy === 'made')) {
    const copy = pending.reduce((sum, upload) => sum + upload.bytes, 0);
    const values = { original: mb(original), copy: mb(copy), saved: mb(original - copy) };
    return <p className="family-muted">{t(kind === 'photos' ? 'family.entries.copy.madePhotos' : 'family.entries.copy.madeVideo', values)}</p>;
  }
  return null;
}

function TimeLeft({ seconds }: { seconds: number | null }) {
  const { t } = useT();
  if (seconds === null) return null;
  return <p className="family-muted">{seconds >= 60 ? t('family.entries.minutesLeft', { count: Math.ceil(seconds / 60) }) : t('family.entries.secondsLeft', { count: seconds })}</p>;
}

function CopyProgress({ progress }: { progress: CopyingProgress | null }) {
  const { t } = useT();
  const percent = Math.floor((progress?.share ?? 0) * 100);
  return (
    <>
      <label className="entry-card__progress">
        <span>{t('family.entries.copy.making', { percent })}</span>
        <progress max={100} value={percent} />
      </label>
      <TimeLeft seconds={progress?.secondsLeft ?? null} />
    </>
  );
}

function SendingProgress({ pending, progress, online, onRetry }: { pending: PendingUpload[]; progress: SendingProgressOf | null; online: boolean; onRetry: () => void }) {
  const { t, lang } = useT();
  const total = progress?.total ?? pending.reduce((sum, upload) => sum + upload.bytes, 0);
  const sent = progress?.sent ?? 0;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const mb = (bytes: number) => formatMegabytes(bytes, lang);
  const secondsLeft = progress?.bytesPerSecond ? Math.ceil((total - sent) / progress.bytesPerSecond) : null;
  return (
    <>
      <label className="entry-card__progress">
        <span>{t('family.entries.sending', { sent: mb(sent), total: mb(total), percent })}</span>
        <progress max={total || 1} value={sent} />
      </label>
      {!progress?.waiting ? <TimeLeft seconds={secondsLeft} /> : null}
      {!online || progress?.waiting ? (
        <>
          <p className="form-notice form-notice--info">{t('family.entries.waiting')}</p>
          {online ? (
            <button type="button" className="button" onClick={onRetry}>
              {t('family.entries.retry')}
            </button>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function CountingEntry({ token, entry }: { token: string; entry: FamilyEntry }) {
  const { t, lang } = useT();
  return (
    <div className="entry-card__state entry-card__state--ready">
      <p>
        <strong>{t('family.entries.ready')}</strong>{' '}
        {entry.durationSeconds !== null ? t('family.entries.duration', { duration: formatDuration(entry.durationSeconds, lang) }) : null}
      </p>
      <div className="entry-card__thumbs">
        {entry.files.map((file) => (file.hasPoster ? <Thumbnail key={file.position} token={token} entryId={entry.id} position={file.position} /> : null))}
      </div>
    </div>
  );
}

function LatestEntry({ entry }: { entry: FamilyEntry }) {
  const { t } = useT();
  if (entry.status === 'uploading') return null;
  if (entry.status === 'checking') {
    return (
      <p className="entry-card__state" role="status">
        <strong>{t('family.entries.checking')}</strong>
      </p>
    );
  }
  if (entry.status === 'rejected' && entry.problem) {
    return (
      <div className="entry-card__state entry-card__state--rejected" role="alert">
        <p>
          <strong>{t('family.entries.notAccepted')}</strong> {t(`family.entries.rejected.${entry.problem}`)}
        </p>
      </div>
    );
  }
  return null;
}

function Thumbnail({ token, entryId, position }: { token: string; entryId: string; position: number }) {
  const { t } = useT();
  const query = useQuery({
    queryKey: familyKeys.thumbnail(entryId, position),
    queryFn: () => getEntryThumbnail(token, entryId, position),
    staleTime: Infinity,
  });
  useEffect(() => {
    const url = query.data;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [query.data]);
  if (!query.data) return null;
  return <img className="entry-card__thumb" src={query.data} alt={t('family.entries.thumbAlt', { number: position + 1 })} width={160} />;
}

function formatDuration(seconds: number, lang: string): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return lang === 'ta' ? `${minutes}:${rest} நிமிடம்` : `${minutes}:${rest} min`;
}
