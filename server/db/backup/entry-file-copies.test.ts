import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { directoryStorage } from '../../entries/entry-storage';
import { backupFileName } from './backups';
import { pruneEntryFileCopies, restoreEntryFiles, withEntryFiles } from './entry-file-copies';

const registration = '0b3f4e9c-1111-4a1a-8a1a-000000000001';

describe('entry files in backups', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const place = () => {
    const root = mkdtempSync(join(tmpdir(), 'ktc-entry-copies-'));
    dirs.push(root);
    const live = join(root, 'entries', 'files');
    return { root, live, storage: directoryStorage(live), backups: join(root, 'backups') };
  };
  const store = (storage: ReturnType<typeof directoryStorage>, name: string, bytes = 1000) =>
    storage.put(`${registration}/${name}`, Readable.from([Buffer.alloc(bytes, name)]));
  /** A backup of a database that is only a small file, as the real ones are written beside their entry files. */
  const backUp = (live: string, file: string, meanwhile: () => Promise<unknown> = async () => {}) =>
    withEntryFiles(live, file, async () => {
      await meanwhile();
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, 'database', { mode: 0o600 });
      return { file };
    });
  const copyOf = (backups: string, name: string) => join(backups, 'entry-files', 'files', registration, name);

  it('copies each file once: a later backup copies only the new ones and leaves the earlier copies untouched', async () => {
    const { live, storage, backups } = place();
    await store(storage, 'a/0.mp4', 300_000);
    await store(storage, 'a/0.jpg');
    const first = await backUp(live, join(backups, backupFileName(new Date(), '.tar.gz')));
    expect(first.entryFiles).toEqual({ files: 2, copied: 2, copiedBytes: 301_000 });
    expect(readFileSync(copyOf(backups, 'a/0.mp4'))).toEqual(Buffer.alloc(300_000, 'a/0.mp4'));
    expect(statSync(copyOf(backups, 'a/0.mp4')).mode & 0o777).toBe(0o600);
    const inode = statSync(copyOf(backups, 'a/0.mp4')).ino;

    await store(storage, 'b/0.jpg', 2000);
    const second = await backUp(live, join(backups, backupFileName(new Date(Date.now() + 1000), '.tar.gz')));
    expect(second.entryFiles).toEqual({ files: 3, copied: 1, copiedBytes: 2000 });
    expect(statSync(copyOf(backups, 'a/0.mp4')).ino).toBe(inode);

    const third = await backUp(live, join(backups, backupFileName(new Date(Date.now() + 2000), '.tar.gz')));
    expect(third.entryFiles).toEqual({ files: 3, copied: 0, copiedBytes: 0 });
  });

  it('keeps a file that arrives while the database is copied, and leaves out one deleted before the copy', async () => {
    const { live, storage, backups } = place();
    await store(storage, 'gone/0.jpg');
    await storage.delete(`${registration}/gone/0.jpg`);
    const file = join(backups, backupFileName(new Date(), '.tar.gz'));
    const result = await backUp(live, file, () => store(storage, 'late/0.jpg'));
    expect(result.entryFiles).toMatchObject({ files: 1, copied: 1 });
    expect(readFileSync(join(backups, 'entry-files', `${file.split('/').at(-1)}.keys`), 'utf8')).toBe(`${registration}/late/0.jpg\n`);
  });

  it('brings the files back on restore, and counts one missing from the backup’s folder', async () => {
    const { live, storage, backups, root } = place();
    for (const name of ['a/0.jpg', 'b/0.jpg', 'c/0.jpg']) await store(storage, name);
    const file = join(backups, backupFileName(new Date(), '.tar.gz'));
    await backUp(live, file);
    unlinkSync(copyOf(backups, 'b/0.jpg'));

    const restoredDir = join(root, 'restored', 'files');
    expect(await restoreEntryFiles(file, restoredDir)).toEqual({ listed: true, files: 3, copied: 2, absent: 1 });
    const restored = directoryStorage(restoredDir);
    expect(await restored.list()).toEqual([`${registration}/a/0.jpg`, `${registration}/c/0.jpg`]);
    // Again: nothing to copy, the files are there.
    expect(await restoreEntryFiles(file, restoredDir)).toMatchObject({ copied: 0, absent: 1 });

    writeFileSync(join(root, 'old-backup.tar.gz'), 'made before entry files were kept');
    expect(await restoreEntryFiles(join(root, 'old-backup.tar.gz'), restoredDir)).toEqual({ listed: false, files: 0, copied: 0, absent: 0 });
  });

  it('prunes the copies no kept backup lists, once older than the oldest kept one', async () => {
    const { live, storage, backups } = place();
    await store(storage, 'kept/0.jpg');
    await store(storage, 'erased/0.jpg');
    const old = backupFileName(new Date(Date.now() - 60_000), '.tar.gz');
    await backUp(live, join(backups, old));
    await storage.delete(`${registration}/erased/0.jpg`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = { name: backupFileName(new Date(), '.tar.gz'), at: Date.now() };
    await backUp(live, join(backups, newer.name));
    // A backup still copying: its copy is listed nowhere yet, and newer than every kept backup.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await directoryStorage(join(backups, 'entry-files', 'files')).put(`${registration}/copying/0.jpg`, Readable.from([Buffer.from('x')]));

    unlinkSync(join(backups, old));
    expect(await pruneEntryFileCopies(backups, [newer])).toBe(1);
    expect(existsSync(copyOf(backups, 'erased/0.jpg'))).toBe(false);
    expect(existsSync(copyOf(backups, 'kept/0.jpg'))).toBe(true);
    expect(existsSync(copyOf(backups, 'copying/0.jpg'))).toBe(true);
    expect(existsSync(join(backups, 'entry-files', `${old}.keys`))).toBe(false);
    expect(existsSync(join(backups, 'entry-files', `${newer.name}.keys`))).toBe(true);
  });
});
