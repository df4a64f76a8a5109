import { LoadMoreButton } from '../components/load-more-button';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORY_SLUGS, isCategorySlug, type CategorySlug } from '@domain/categories';
import { entryRuleFor } from '@domain/entries';
import { entryFileHref, useEntries, type AdminEntry } from '../api/get-entries';
import { useRedirectWhenSignedOut } from '../hooks/use-redirect-when-signed-out';
import { formatDateTime } from '../utils/format';
import { plural } from '@domain/plural';
import { CheckingQueueNote } from '../components/checking-queue';
import { MissingEntryFiles } from '../components/missing-entry-files';
import { ColumnHeads, PlainTable } from '../components/plain-table';
import { AdminPage, LoadFailed } from '../components/admin-page';
import { ContestOptions } from '../components/contest-options';

const ONLINE_CONTESTS = CATEGORY_SLUGS.filter((slug) => entryRuleFor(slug, 'level1') !== null);

const STATUS_LABEL: Record<AdminEntry['status'], string> = {
  uploading: 'Sending',
  checking: 'Checking',
  ready: 'Ready',
  rejected: 'Not accepted',
  replaced: 'Replaced',
};

const PROBLEM_LABEL: Record<NonNullable<AdminEntry['problem']>, string> = {
  not_a_video: 'not a video',
  not_a_photo: 'not a photo',
  unreadable: 'unreadable',
  too_long: 'too long',
  heic_photo: 'an iPhone HEIC photo',
};

const megabytes = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const duration = (seconds: number | null) => (seconds === null ? '—' : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`);

/** /admin/entries: one contest's online entries, each with its state, length, size and a player. */
export function EntriesPage() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('contest');
  const category: CategorySlug = chosen && isCategorySlug(chosen) && ONLINE_CONTESTS.includes(chosen) ? chosen : ONLINE_CONTESTS[0]!;
  const query = useEntries({ category, level: 'level1' });
  useRedirectWhenSignedOut(query.error);
  const [playing, setPlaying] = useState<string | null>(null);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const first = query.data?.pages[0];
  return (
    <AdminPage headingId="entries-heading" title="Entries">
      <p className="admin-muted">
        Videos and photos families sent for Level 1. Each is checked by its content, its location and device details removed, and videos
        that browsers cannot play are converted. Only the newest ready entry of a child counts.
      </p>
      {first ? <CheckingQueueNote queue={first.queue} /> : null}
      <MissingEntryFiles />
      <div className="admin-toolbar">
        <label htmlFor="entries-contest">Contest</label>
        <select id="entries-contest" value={category} onChange={(e) => setParams({ contest: e.target.value })}>
          <ContestOptions slugs={ONLINE_CONTESTS} />
        </select>
      </div>
      {query.isPending && <p className="admin-status">Loading entries…</p>}
      {query.isError && <LoadFailed message="The entries could not be loaded." onRetry={() => void query.refetch()} />}
      {query.data && entries.length === 0 && <p className="admin-status">No entries for this contest yet.</p>}
      {first && entries.length > 0 && (
        <p className="admin-muted" role="status">
          Showing {entries.length.toLocaleString('en-IN')} of {plural(first.total, { one: '# entry', other: '# entries' })}, newest first.
        </p>
      )}
      {entries.length > 0 && (
        <PlainTable label="Entries">
          <ColumnHeads columns={['Entry', 'Registration', 'State', 'Length', 'Size', 'Sent']} />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="admin-row">
                <td>
                  <EntryFiles entry={entry} playing={playing === entry.id} onPlay={() => setPlaying(entry.id)} />
                </td>
                <td>
                  <span className="admin-ref">{entry.referenceCode}</span>
                </td>
                <td>
                  {STATUS_LABEL[entry.status]}
                  {entry.problem ? <span className="admin-muted"> ({PROBLEM_LABEL[entry.problem]})</span> : null}
                  {entry.converted ? <span className="admin-muted"> · converted</span> : null}
                  {entry.lastError ? <span className="admin-muted"> · waiting: {entry.lastError}</span> : null}
                </td>
                <td>{duration(entry.durationSeconds)}</td>
                <td>{megabytes(entry.files.reduce((sum, file) => sum + (file.bytes ?? file.declaredBytes), 0))}</td>
                <td>{formatDateTime(entry.receivedAt ?? entry.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      <LoadMoreButton pages={query} />
    </AdminPage>
  );
}

function EntryFiles({ entry, playing, onPlay }: { entry: AdminEntry; playing: boolean; onPlay: () => void }) {
  if (entry.status !== 'ready') return <span className="admin-muted">{entry.kind === 'video' ? 'Video' : `${entry.files.length} photo(s)`}</span>;
  if (entry.kind === 'video') {
    const file = entry.files[0];
    if (!file) return null;
    return playing ? (
      // Judges' and admins' copies have no captions: the performance is the content.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video className="admin-entry__player" controls autoPlay preload="metadata" width={320} poster={entryFileHref(entry.id, 0, 'poster')} src={entryFileHref(entry.id, 0, 'media')} />
    ) : (
      <button type="button" className="admin-entry__poster" onClick={onPlay} aria-label={`Play entry ${entry.id.slice(0, 8)}`}>
        <img src={entryFileHref(entry.id, 0, 'poster')} alt="" width={160} />
      </button>
    );
  }
  return (
    <span className="admin-entry__photos">
      {entry.files.map((file) => (
        <a key={file.position} href={entryFileHref(entry.id, file.position, 'media')} target="_blank" rel="noreferrer">
          <img src={entryFileHref(entry.id, file.position, 'poster')} alt={`Entry ${entry.id.slice(0, 8)}, work ${file.position + 1} of ${entry.files.length}`} width={120} />
        </a>
      ))}
    </span>
  );
}
