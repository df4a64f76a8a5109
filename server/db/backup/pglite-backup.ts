import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { TarWriter } from '../../lib/tar';
import { isOwnEntry } from '../data-dir-layout';
import { createPrivateFile } from './private-file';

/**
 * An online physical backup of the PGlite data directory, the way pg_basebackup takes one:
 * pg_backup_start (a checkpoint), copy the files while requests keep being served, then
 * pg_backup_stop and the WAL written meanwhile. Restoring replays that WAL from the checkpoint
 * in backup_label, which repairs any page caught mid-write (full_page_writes is forced on
 * during a backup). The archive is a gzip'd tar of the data directory plus MANIFEST_FILE.
 */

export const MANIFEST_FILE = 'ktc-backup.json';
export const PGLITE_BACKUP_FORMAT = 'ktc-pglite-backup/1';

export type PgliteBackupManifest = {
  format: typeof PGLITE_BACKUP_FORMAT;
  createdAt: string;
  startLsn: string;
  postgres: string;
};

export type BackupResult = {
  file: string;
  bytes: number;
  /** How long the database was unavailable to requests: the checkpoint and the stop. */
  blockedMs: number;
  totalMs: number;
};

/** Never copied: runtime state Postgres rebuilds (as pg_basebackup leaves them out) and our own files. */
const SKIPPED_TOP = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_label.old']);
const EMPTIED_DIRECTORIES = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const CONTROL_FILE = 'global/pg_control';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export async function backupPglite(pglite: PGlite, dataDir: string, outFile: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const root = resolve(dataDir);
  const target = resolve(outFile);
  const file = await createPrivateFile(target);
  // A backup written inside the data directory must not copy itself, nor the backups beside it.
  const skip = new Set<string>();
  if (!relative(root, target).startsWith('..')) {
    skip.add(relative(root, file.partialPath));
    if (dirname(target) !== root) skip.add(relative(root, dirname(target)));
  }

  // Level 1: most of the gain for a fraction of the CPU, which the server needs more.
  const gzip = createGzip({ level: 1 });
  const tarStream = new PassThrough();
  const written = pipeline(tarStream, gzip, file.stream);
  const tar = new TarWriter(tarStream);
  let blockedMs = 0;
  let inBackup = false;
  try {
    let t = performance.now();
    const startLsn = (await pglite.query<{ lsn: string }>(`select pg_backup_start($1, true)::text as lsn`, [`ktc ${now.toISOString()}`])).rows[0]?.lsn;
    blockedMs += performance.now() - t;
    inBackup = true;
    if (!startLsn) throw new Error('pg_backup_start returned no position');
    const postgres = (await pglite.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';

    // First, so a restore knows what it is reading before anything else.
    const manifest: PgliteBackupManifest = { format: PGLITE_BACKUP_FORMAT, createdAt: now.toISOString(), startLsn, postgres };
    await tar.addFile(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 0o600, now);
    await copyTree(tar, root, skip, now);

    t = performance.now();
    const stop = (
      await pglite.query<{ lsn: string; labelfile: string; spcmapfile: string; stop_segment: string }>(
        `select lsn::text as lsn, labelfile, spcmapfile, pg_walfile_name(lsn) as stop_segment from pg_backup_stop(false)`,
      )
    ).rows[0];
    blockedMs += performance.now() - t;
    inBackup = false;
    if (!stop) throw new Error('pg_backup_stop returned nothing');

    const startSegment = /\(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1];
    if (!startSegment) throw new Error('backup_label names no start WAL file');
    await copyWal(tar, root, startSegment, stop.stop_segment, now);
    await tar.addFile('backup_label', Buffer.from(stop.labelfile), 0o600, now);
    if (stop.spcmapfile) await tar.addFile('tablespace_map', Buffer.from(stop.spcmapfile), 0o600, now);
    // Last, as pg_basebackup does: the control file is read after everything it describes.
    await tar.addFile(CONTROL_FILE, await readFile(join(root, CONTROL_FILE)), 0o600, now);
    await tar.finish();
    tarStream.end();
    await written;
    const bytes = await file.commit();
    return { file: target, bytes, blockedMs, totalMs: performance.now() - started };
  } catch (error) {
    tarStream.destroy();
    await written.catch(() => {});
    await file.abort();
    // The session must leave backup mode, or the next backup in this process could not start.
    if (inBackup) await pglite.query('select pg_backup_stop(false)').catch(() => {});
    throw error;
  }
}

type Listed = { name: string; directory: boolean };

/** Every path to copy, parents before children, in a stable order. */
async function listTree(root: string, path: string, skip: ReadonlySet<string>, into: Listed[]): Promise<Listed[]> {
  const entries = await readdir(join(root, path), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const name = path ? `${path}/${entry.name}` : entry.name;
    if (!path && (isOwnEntry(entry.name) || SKIPPED_TOP.has(entry.name))) continue;
    if (skip.has(name) || name === CONTROL_FILE || entry.name.startsWith('pgsql_tmp')) continue;
    if (entry.isDirectory()) {
      into.push({ name, directory: true });
      if (!(!path && EMPTIED_DIRECTORIES.has(entry.name))) await listTree(root, name, skip, into);
    } else if (entry.isFile()) {
      into.push({ name, directory: false });
    }
  }
  return into;
}

/** Files are read many at a time: under load each read waits its turn behind requests. */
const READ_AHEAD = 64;

async function copyTree(tar: TarWriter, root: string, skip: ReadonlySet<string>, mtime: Date): Promise<void> {
  const listed = await listTree(root, '', skip, []);
  for (let start = 0; start < listed.length; start += READ_AHEAD) {
    const batch = listed.slice(start, start + READ_AHEAD);
    const contents = await Promise.all(batch.map((entry) => (entry.directory ? null : readIfPresent(join(root, entry.name)))));
    for (const [i, entry] of batch.entries()) {
      if (entry.directory) await tar.addDirectory(entry.name, 0o700, mtime);
      else {
        const data = contents[i];
        // A file dropped since the listing (a dropped table): WAL replay removes it anyway.
        if (data) await tar.addFile(entry.name, data, 0o600, mtime);
      }
    }
  }
}

/** The WAL segments from the backup's start to its stop, and the timeline history files. */
async function copyWal(tar: TarWriter, root: string, startSegment: string, stopSegment: string, mtime: Date): Promise<void> {
  await tar.addDirectory('pg_wal/archive_status');
  const names = (await readdir(join(root, 'pg_wal'))).sort();
  const wanted = names.filter((n) => (WAL_SEGMENT.test(n) && n >= startSegment && n <= stopSegment) || n.endsWith('.history'));
  for (const segment of [startSegment, stopSegment]) {
    if (!wanted.includes(segment)) throw new Error(`WAL segment ${segment} is missing; the backup would not restore`);
  }
  for (const name of wanted) {
    const data = await readFile(join(root, 'pg_wal', name));
    await tar.addFile(`pg_wal/${name}`, data, 0o600, mtime);
  }
}

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
