import { join, resolve } from 'node:path';
import { storedEntryFilesDirOf, type Env } from '../../env';
import type { Database } from '../client';
import { DEFAULT_BACKUP_SUBDIR } from '../data-dir-layout';
import { withEntryFiles, type EntryFileCopies } from './entry-file-copies';
import { backupPglite, type BackupResult } from './pglite-backup';
import { backupPostgres } from './postgres-backup';

/** Writes a backup of the open database; one at a time per process (a second waits its turn). */
export type Backups = {
  kind: Database['kind'];
  /** `.tar.gz` (PGlite) or `.dump` (pg_dump custom format). */
  extension: string;
  write(outFile: string): Promise<BackupResult & { entryFiles: EntryFileCopies }>;
};

/** The database and, beside it, the entries' files (only the new ones are copied: entry-file-copies.ts). */
export function createBackups(database: Database, env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'ENTRIES_DIR'>): Backups {
  let queue: Promise<unknown> = Promise.resolve();
  const backUpDatabase = (outFile: string): Promise<BackupResult> => {
    if (database.kind === 'postgres') {
      if (!env.DATABASE_URL) throw new Error('No DATABASE_URL to back up.');
      return backupPostgres(env.DATABASE_URL, outFile);
    }
    if (!database.pglite || !database.lock) throw new Error('An in-memory database has nothing on disk to back up.');
    return backupPglite(database.pglite, database.lock.dataDir, outFile);
  };
  return {
    kind: database.kind,
    extension: database.kind === 'pglite' ? '.tar.gz' : '.dump',
    write(outFile) {
      const next = queue.then(() => withEntryFiles(storedEntryFilesDirOf(env), outFile, () => backUpDatabase(outFile)));
      queue = next.catch(() => {});
      return next;
    },
  };
}

/** Where automatic backups go, or null when they are off. */
export function automaticBackupDir(env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR' | 'DATABASE_URL'>): string | null {
  if (env.BACKUP_DIR === 'off') return null;
  if (env.BACKUP_DIR) return resolve(env.BACKUP_DIR);
  return env.DATABASE_URL ? null : join(resolve(env.DATA_DIR), DEFAULT_BACKUP_SUBDIR);
}

/** A name that sorts by time: ktc-backup-20261123T094649123Z.tar.gz */
export function backupFileName(at: Date, extension: string): string {
  return `ktc-backup-${at.toISOString().replace(/[-:.]/g, '')}${extension}`;
}
