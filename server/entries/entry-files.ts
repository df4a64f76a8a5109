import { join } from 'node:path';
import { VIDEO_MAX_BYTES } from '@domain/entries';
import type { Deps } from '../context';
import { entriesDirOf } from '../env';
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
      storage: directoryStorage(join(root, 'files')),
      uploads: createEntryUploads(deps.database, join(root, 'incoming'), { maxBytes: VIDEO_MAX_BYTES }),
    };
    opened.set(deps, files);
  }
  return files;
}
