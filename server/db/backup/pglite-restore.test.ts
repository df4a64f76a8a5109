import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { TarWriter } from '../../lib/tar';
import { MANIFEST_FILE, PGLITE_BACKUP_FORMAT } from './pglite-backup';
import { extractPgliteBackup } from './pglite-restore';

const manifest = Buffer.from(JSON.stringify({ format: PGLITE_BACKUP_FORMAT, createdAt: '2026-11-23T00:00:00.000Z', startLsn: '0/1', postgres: '18' }));

async function archive(build: (tar: TarWriter) => Promise<void>, finish = true): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = new TarWriter(out, 1);
  await build(tar);
  if (finish) await tar.finish();
  out.end();
  return gzipSync(Buffer.concat(chunks));
}

describe('restoring a PGlite backup file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const place = (bytes: Buffer) => {
    const dir = mkdtempSync(join(tmpdir(), 'ktc-restore-unit-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'backup.tar.gz'), bytes);
    return { file: join(dir, 'backup.tar.gz'), dataDir: join(dir, 'data') };
  };
  const complete = async (tar: TarWriter) => {
    await tar.addFile(MANIFEST_FILE, manifest);
    await tar.addFile('PG_VERSION', Buffer.from('18\n'));
    await tar.addDirectory('global');
    await tar.addFile('global/pg_control', Buffer.alloc(8192));
    await tar.addFile('backup_label', Buffer.from('START WAL LOCATION: 0/1\n'));
  };

  it('unpacks a complete backup into the directory', async () => {
    const { file, dataDir } = place(await archive(complete));
    const result = await extractPgliteBackup(file, dataDir);
    expect(result.manifest.format).toBe(PGLITE_BACKUP_FORMAT);
    expect(readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'backup_label', 'global']);
  });

  it('refuses a file that is not one of our backups, a cut-off one, and unsafe paths', async () => {
    const notGzip = place(Buffer.from('hello'));
    await expect(extractPgliteBackup(notGzip.file, notGzip.dataDir)).rejects.toThrow(/not a gzip'd PGlite backup/);

    const noManifest = place(await archive(async (tar) => tar.addFile('PG_VERSION', Buffer.from('18'))));
    await expect(extractPgliteBackup(noManifest.file, noManifest.dataDir)).rejects.toThrow(/does not start with its manifest/);

    const cut = place(await archive(complete, false));
    await expect(extractPgliteBackup(cut.file, cut.dataDir)).rejects.toThrow(/ends early/);

    const escape = place(
      await archive(async (tar) => {
        await tar.addFile(MANIFEST_FILE, manifest);
        await tar.addFile('../outside', Buffer.from('x'));
      }),
    );
    await expect(extractPgliteBackup(escape.file, escape.dataDir)).rejects.toThrow(/unsafe path/);

    const lacking = place(
      await archive(async (tar) => {
        await tar.addFile(MANIFEST_FILE, manifest);
        await tar.addFile('PG_VERSION', Buffer.from('18'));
      }),
    );
    await expect(extractPgliteBackup(lacking.file, lacking.dataDir)).rejects.toThrow(/lacks backup_label/);
  });
});
