import { open, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { EmbeddedEngine } from '../client';
import { TarWriter } from '../../lib/tar';
import { workInSlices } from '../../lib/people-first';
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
  /** How long the backup held the database from requests: its checkpoint and its stop, by the database's own clock. */
  blockedMs: number;
  totalMs: number;
};

/** Never copied: runtime state Postgres rebuilds (as pg_basebackup leaves them out) and our own files. */
const SKIPPED_TOP = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_label.old']);
const EMPTIED_DIRECTORIES = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const CONTROL_FILE = 'global/pg_control';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export async function backupPglite(pglite: EmbeddedEngine, dataDir: string, outFile: string, now = new Date()): Promise<BackupResult> {
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
    // How long each backup statement held the one connection, by the database's own clock (from
    // the statement's start to the end of its work): on the server's database thread a statement
    // also waits for those queued before it, which is not the backup's doing.
    const begun = (await pglite.query<{ lsn: string; held_ms: number }>(
      `select pg_backup_start($1, true)::text as lsn, extract(epoch from clock_timestamp() - statement_timestamp())::float8 * 1000 as held_ms`,
      [`ktc ${now.toISOString()}`],
    )).rows[0];
    const startLsn = begun?.lsn;
    blockedMs += Number(begun?.held_ms ?? 0);
    inBackup = true;
    if (!startLsn) throw new Error('pg_backup_start returned no position');
    const postgres = (await pglite.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';

    // First, so a restore knows what it is reading before anything else.
    const manifest: PgliteBackupManifest = { format: PGLITE_BACKUP_FORMAT, createdAt: now.toISOString(), startLsn, postgres };
    await tar.addFile(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 0o600, now);
    await copyTree(tar, root, skip, now);

    const stop = (
      await pglite.query<{ lsn: string; labelfile: string; spcmapfile: string; stop_segment: string; held_ms: number }>(
        `select lsn::text as lsn, labelfile, spcmapfile, pg_walfile_name(lsn) as stop_segment,
           extract(epoch from clock_timestamp() - statement_timestamp())::float8 * 1000 as held_ms
         from pg_backup_stop(false)`,
      )
    ).rows[0];
    blockedMs += Number(stop?.held_ms ?? 0);
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

/** Small files are read many at a time (under load each read waits its turn behind requests); large ones streamed. */
const READ_AHEAD_FILES = 64;
const READ_AHEAD_BYTES = 4 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

async function copyTree(tar: TarWriter, root: string, skip: ReadonlySet<string>, mtime: Date): Promise<void> {
  const listed = await listTree(root, '', skip, []);
  const sizes = await Promise.all(listed.map((e) => (e.directory ? 0 : stat(join(root, e.name)).then((s) => s.size, () => 0))));
  let at = 0;
  // Between reads, people's requests go first (server/lib/people-first.ts).
  const slices = workInSlices();
  while (at < listed.length) {
    await slices.between();
    // A batch of small files, read together; a large file alone, a chunk at a time.
    const batch: number[] = [];
    let bytes = 0;
    while (at < listed.length && batch.length < READ_AHEAD_FILES && (batch.length === 0 || bytes + (sizes[at] ?? 0) <= READ_AHEAD_BYTES)) {
      bytes += sizes[at] ?? 0;
      batch.push(at++);
    }
    const first = listed[batch[0] ?? 0] as Listed;
    if (batch.length === 1 && !first.directory && (sizes[batch[0] ?? 0] ?? 0) > CHUNK_BYTES) {
      await streamFile(tar, root, first.name, mtime);
      continue;
    }
    const contents = await Promise.all(batch.map((i) => (listed[i]?.directory ? null : readIfPresent(join(root, (listed[i] as Listed).name)))));
    for (const [k, i] of batch.entries()) {
      const entry = listed[i] as Listed;
      if (entry.directory) await tar.addDirectory(entry.name, 0o700, mtime);
      else {
        const data = contents[k];
        // A file dropped since the listing (a dropped table): WAL replay removes it anyway.
        if (data) await tar.addFile(entry.name, data, 0o600, mtime);
      }
    }
  }
}

/**
 * A large relation file, copied a chunk at a time at the size it had when opened. Pages written
 * meanwhile may be torn or missing at the end (zeros); replaying the backup's WAL rewrites them,
 * as for pg_basebackup.
 */
async function streamFile(tar: TarWriter, root: string, name: string, mtime: Date): Promise<void> {
  let handle;
  try {
    handle = await open(join(root, name), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const file = handle;
    async function* pieces() {
      for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
        const want = Math.min(CHUNK_BYTES, size - offset);
        const buffer = Buffer.alloc(want);
        let got = 0;
        while (got < want) {
          const { bytesRead } = await file.read(buffer, got, want - got, offset + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        yield buffer;
      }
    }
    await tar.addStream(name, size, pieces(), 0o600, mtime);
  } finally {
    await handle.close();
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
  for (const name of wanted) await streamFile(tar, root, `pg_wal/${name}`, mtime);
}

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
