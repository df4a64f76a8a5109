import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createGunzip } from 'node:zlib';
import { TarReader } from '../../lib/tar';
import { isOwnEntry } from '../data-dir-layout';
import { MANIFEST_FILE, PGLITE_BACKUP_FORMAT, type PgliteBackupManifest } from './pglite-backup';

/** A name from the archive, refused if it could land outside the data directory or on our own files. */
function safeName(name: string): string {
  const parts = name.split('/');
  if (name.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`The backup holds an unsafe path (${JSON.stringify(name)}); it was not made by npm run backup.`);
  }
  if (isOwnEntry(parts[0] ?? '')) throw new Error(`The backup holds ${JSON.stringify(name)}, which a backup never contains.`);
  return name;
}

/**
 * Unpacks a backup made by backupPglite into `dataDir`, which the caller has locked and checked
 * empty. Files are written 0600 and directories 0700. Opening the directory afterwards replays
 * the WAL in the backup up to its end.
 */
export async function extractPgliteBackup(file: string, dataDir: string): Promise<{ manifest: PgliteBackupManifest; files: number }> {
  const root = resolve(dataDir);
  let manifest: PgliteBackupManifest | null = null;
  let manifestText = '';
  let current: { kind: 'manifest' } | { kind: 'file'; fd: number } | null = null;
  let files = 0;
  let first = true;
  const seen = new Set<string>();

  const reader = new TarReader({
    entry(entry) {
      if (first) {
        first = false;
        if (entry.name !== MANIFEST_FILE || entry.type !== 'file') {
          throw new Error('This is not a PGlite backup made by `npm run backup` (it does not start with its manifest).');
        }
        current = { kind: 'manifest' };
        return;
      }
      const name = safeName(entry.name);
      if (name === MANIFEST_FILE) throw new Error('The backup holds its manifest twice.');
      const path = join(root, name);
      if (entry.type === 'directory') {
        mkdirSync(path, { recursive: true, mode: 0o700 });
        current = null;
        return;
      }
      if (seen.has(name)) throw new Error(`The backup holds ${name} twice.`);
      seen.add(name);
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      current = { kind: 'file', fd: openSync(path, 'wx', 0o600) };
      files++;
    },
    data(chunk) {
      if (!current) return;
      if (current.kind === 'manifest') manifestText += chunk.toString('utf8');
      else writeSync(current.fd, chunk);
    },
    entryEnd() {
      if (current?.kind === 'manifest') {
        const parsed = JSON.parse(manifestText) as Partial<PgliteBackupManifest>;
        if (parsed.format !== PGLITE_BACKUP_FORMAT) {
          throw new Error(`This backup's format is ${JSON.stringify(parsed.format)}; this version reads ${PGLITE_BACKUP_FORMAT}.`);
        }
        manifest = parsed as PgliteBackupManifest;
      } else if (current?.kind === 'file') {
        closeSync(current.fd);
      }
      current = null;
    },
  });

  const input = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of input) {
      reader.write(chunk as Buffer);
      if (reader.finished) break;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new Error(`${file} is not a gzip'd PGlite backup, or it is damaged.`);
    }
    throw error;
  } finally {
    const open = current as { kind: string; fd?: number } | null;
    if (open?.fd !== undefined) closeSync(open.fd);
    input.destroy();
  }
  if (!reader.finished) throw new Error(`${file} ends early: the backup is incomplete (was it copied in full?).`);
  for (const required of ['backup_label', 'global/pg_control', 'PG_VERSION']) {
    if (!seen.has(required)) throw new Error(`The backup lacks ${required}; it cannot be restored.`);
  }
  if (!manifest) throw new Error('The backup has no manifest.');
  return { manifest, files };
}
