import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { directoryStorage, type EntryStorage } from '../../entries/entry-storage';
import { workInSlices } from '../../lib/people-first';
import { ENTRY_FILE_COPIES_SUBDIR } from '../data-dir-layout';
import { createPrivateFile } from './private-file';

/**
 * The entries' files in backups (issue 49). A stored entry file is written once under a new key
 * and never changes (ADR 026), so the backups in one folder share one set of copies beside them,
 * `entry-files/files/<key>`: each file is copied once, and a later backup copies only the new ones.
 * Each backup lists the keys it holds in `entry-files/<backup's name>.keys`; a restore brings those
 * back, and the automatic backups' pruning keeps the copies some kept backup lists.
 */
export type EntryFileCopies = {
  /** How many files this backup holds. */
  files: number;
  /** How many of them this backup copied (the others were there from an earlier backup). */
  copied: number;
  copiedBytes: number;
};

const LIST_SUFFIX = '.keys';

export function entryFileCopiesDir(backupFile: string): string {
  return join(dirname(resolve(backupFile)), ENTRY_FILE_COPIES_SUBDIR);
}

const copiesOf = (backupFile: string) => directoryStorage(join(entryFileCopiesDir(backupFile), 'files'));
const listFileOf = (backupFile: string) => join(entryFileCopiesDir(backupFile), `${basename(backupFile)}${LIST_SUFFIX}`);

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Streams each file of `from` that `to` does not hold yet (a copy of another size is an unfinished
 * one, copied again). A file deleted meanwhile (its entry replaced or erased) is left out. Between
 * two files, people's requests go first.
 */
async function copyNew(from: EntryStorage, to: EntryStorage, keys: readonly string[]): Promise<{ present: string[]; copied: number; bytes: number }> {
  const slices = workInSlices();
  const present: string[] = [];
  let copied = 0;
  let bytes = 0;
  for (const key of keys) {
    await slices.between();
    const size = await from.size(key);
    if (size === null) continue;
    present.push(key);
    if ((await to.size(key)) === size) continue;
    try {
      bytes += (await to.put(key, from.read(key))).bytes;
      copied++;
    } catch (error) {
      if (isMissing(error) && (await from.size(key)) === null) {
        present.pop();
        continue;
      }
      throw error;
    }
  }
  return { present, copied, bytes };
}

/**
 * Backs up the database with `backUpDatabase`, and the entry files in `entryFilesDir` beside
 * `backupFile`: once before (the files the database may name when its copy starts) and once after
 * (those that arrived meanwhile), so every file the backup's database names is kept.
 */
export async function withEntryFiles<T>(entryFilesDir: string, backupFile: string, backUpDatabase: () => Promise<T>): Promise<T & { entryFiles: EntryFileCopies }> {
  const from = directoryStorage(entryFilesDir);
  const to = copiesOf(backupFile);
  const before = await copyNew(from, to, await from.list());
  const result = await backUpDatabase();
  const after = await copyNew(from, to, await from.list());
  const keys = [...new Set([...before.present, ...after.present])].sort();
  await mkdir(entryFileCopiesDir(backupFile), { recursive: true, mode: 0o700 });
  const list = await createPrivateFile(listFileOf(backupFile));
  try {
    list.stream.end(keys.map((key) => `${key}\n`).join(''));
    await list.commit();
  } catch (error) {
    await list.abort();
    throw error;
  }
  return { ...result, entryFiles: { files: keys.length, copied: before.copied + after.copied, copiedBytes: before.bytes + after.bytes } };
}

/** The keys a backup holds, or null for a backup without a list (made before issue 49, or moved without its entry-files folder). */
async function keysOf(backupFile: string): Promise<string[] | null> {
  try {
    return (await readFile(listFileOf(backupFile), 'utf8')).split('\n').filter(Boolean);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export type RestoredEntryFiles = {
  /** False when the backup has no list of entry files beside it. */
  listed: boolean;
  /** Files the backup lists. */
  files: number;
  /** Copied into the entries directory (the others were there already). */
  copied: number;
  /** Listed but gone from the backup's folder. */
  absent: number;
};

/** Brings the entry files a backup holds back into `entryFilesDir`, streamed; files already there stay. */
export async function restoreEntryFiles(backupFile: string, entryFilesDir: string): Promise<RestoredEntryFiles> {
  const keys = await keysOf(backupFile);
  if (!keys) return { listed: false, files: 0, copied: 0, absent: 0 };
  const copies = copiesOf(backupFile);
  const { present, copied } = await copyNew(copies, directoryStorage(entryFilesDir), keys);
  return { listed: true, files: keys.length, copied, absent: keys.length - present.length };
}

/**
 * After old backups in `dir` were deleted: their lists go, and so does every copy no kept backup
 * lists that is older than the oldest kept backup (a backup still copying has only newer ones).
 * So an erased child's files leave the backups with the last backup that held them.
 */
export async function pruneEntryFileCopies(dir: string, kept: ReadonlyArray<{ name: string; at: number }>): Promise<number> {
  if (kept.length === 0) return 0;
  const copiesDir = join(dir, ENTRY_FILE_COPIES_SUBDIR);
  const names = await readdir(copiesDir).catch((error: unknown) => {
    if (isMissing(error)) return [] as string[];
    throw error;
  });
  const keptNames = new Set(kept.map((backup) => backup.name));
  for (const name of names) {
    if (name.endsWith(LIST_SUFFIX) && !keptNames.has(name.slice(0, -LIST_SUFFIX.length))) await unlink(join(copiesDir, name)).catch(() => {});
  }
  const oldestKept = Math.min(...kept.map((backup) => backup.at));
  const listed = new Set<string>();
  for (const backup of kept) for (const key of (await keysOf(join(dir, backup.name))) ?? []) listed.add(key);
  const copies = directoryStorage(join(copiesDir, 'files'));
  let deleted = 0;
  for (const key of await copies.list()) {
    if (listed.has(key)) continue;
    const info = await stat(join(copiesDir, 'files', key)).catch(() => null);
    if (!info || !(info.mtimeMs < oldestKept)) continue;
    await copies.delete(key);
    deleted++;
  }
  return deleted;
}
