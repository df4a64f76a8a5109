import { readdirSync } from 'node:fs';
import { LOCK_FILE } from './data-dir-lock';

/**
 * DATA_DIR is PGlite's data directory, plus a few entries of our own that are never part of the
 * database: the lock, the server's control socket, (by default) the automatic backups and the
 * emails written as files.
 */
export const CONTROL_SOCKET_FILE = 'control.sock';
export const DEFAULT_BACKUP_SUBDIR = 'backups';
/** Emails written as files when there is no SMTP_URL: never part of a backup (server/mail/mail-files.ts). */
export const MAIL_SUBDIR = 'mail';
/** Families' entry files (server/entries/entry-storage.ts), by default: never part of the database. */
export const ENTRIES_SUBDIR = 'entries';
/** The entries' files kept by the backups beside them (server/db/backup/entry-file-copies.ts). */
export const ENTRY_FILE_COPIES_SUBDIR = 'entry-files';

export function isOwnEntry(name: string): boolean {
  return name === LOCK_FILE || name === CONTROL_SOCKET_FILE || name === DEFAULT_BACKUP_SUBDIR || name === MAIL_SUBDIR || name === ENTRIES_SUBDIR || name === ENTRY_FILE_COPIES_SUBDIR;
}

/** The database's own top-level entries in DATA_DIR (empty for a new or empty directory). */
export function databaseEntries(dataDir: string): string[] {
  try {
    return readdirSync(dataDir).filter((name) => !isOwnEntry(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
