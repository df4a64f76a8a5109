import { plural } from '@domain/plural';
import { isCategorySlug } from '@domain/categories';
import { useMissingEntryFiles } from '../api/get-missing-entry-files';
import { categoryLabel } from '../utils/format';

const LEVELS: Record<string, string> = { level1: 'Level 1', level2: 'Level 2', level3: 'Level 3' };

/**
 * Ready entries whose video or photo is not on this server (issue 49): after a restore from a
 * backup that lacked the file. Nothing shows while every file is there.
 */
export function MissingEntryFiles() {
  const query = useMissingEntryFiles();
  const missing = query.data?.entries ?? [];
  if (missing.length === 0) return null;
  return (
    <section className="admin-missing-files" aria-labelledby="missing-files-heading">
      <h2 id="missing-files-heading">{plural(missing.length, { one: '# entry has lost its file', other: '# entries have lost their files' })}</h2>
      <p>
        These entries are ready, but a video, photo or poster of theirs is not on this server: the backup it was restored from did not hold
        it. Copy the file back from an older backup’s entry-files folder, or ask the family to send the entry again.
      </p>
      <ul className="admin-missing-files__list">
        {missing.map((entry) => (
          <li key={entry.id}>
            <span className="admin-ref">{entry.referenceCode}</span>, {isCategorySlug(entry.category) ? categoryLabel(entry.category) : entry.category},{' '}
            {LEVELS[entry.levelId] ?? entry.levelId}: {plural(entry.missingFiles, { one: '# file missing', other: '# files missing' })}{' '}
            <span className="admin-muted">(entry {entry.id.slice(0, 8)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
