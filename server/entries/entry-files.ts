import { join } from 'node:path';
import { VIDEO_MAX_BYTES } from '@domain/entries';
import type { Deps } from '../context';
import { entriesDirOf, storedEntryFilesDirOf } from '../env';
import { existingEntries, registrationsWithEntries } from '../db/stores/entry-store';
import { directoryStorage, type EntryStorage } from './entry-storage';
import { createEntryUploads, type EntryUploads } from './entry-uploads';

/** Uploads in progress (tus) and checked files, both under ENTRIES_DIR (ADR 026). */
export type EntryFiles = { storage: EntryStorage; uploads: EntryUploads };

const opened = new WeakMap<Deps, EntryFiles>();

/**
 * The entry files of this server: made on first use (a server that never takes an entry creates
 * no directory), once per Deps, so the routes and the processing job share one upload lock map.
 */
export function entryFilesOf(deps: Deps): EntryFiles {
  let files = opened.get(deps);
  if (!files) {
    const root = entriesDirOf(deps.env);
    files = {
      storage: directoryStorage(storedEntryFilesDirOf(deps.env)),
      uploads: createEntryUploads(deps.database, join(root, 'incoming'), { maxBytes: VIDEO_MAX_BYTES }),
    };
    opened.set(deps, files);
  }
  return files;
}

/**
 * Deletes files no entry owns any more: a registration erased (its entries went with it), the
 * retention job, uploads of entries that are gone, and unfinished uploads a week old. The
 * database decides first, in one transaction; the files follow here, so a crash in between
 * leaves only files for the next sweep, never an entry without its files.
 */
export async function sweepEntryFiles(deps: Deps): Promise<{ registrations: number; uploads: number }> {
  const { storage, uploads } = entryFilesOf(deps);
  const { db } = deps.database;
  const stored = await storage.topLevel();
  const kept = await registrationsWithEntries(db, stored);
  const orphanRegistrations = stored.filter((id) => !kept.has(id));
  for (const id of orphanRegistrations) await storage.delete(`${id}/`);
  const uploading = await uploads.entryIds();
  const existing = await existingEntries(db, uploading);
  const orphanUploads = uploading.filter((id) => !existing.has(id));
  await uploads.removeUploadsOf(orphanUploads);
  const abandoned = await uploads.removeAbandoned();
  return { registrations: orphanRegistrations.length, uploads: orphanUploads.length + abandoned };
}
