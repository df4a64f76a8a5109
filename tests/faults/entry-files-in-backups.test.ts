import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedRegistrations } from '../../server/cli/seed-registrations';
import { directoryStorage } from '../../server/entries/entry-storage';
import { storeReadyPhotoEntry } from '../setup/judging-fixtures';
import { testDatabaseKinds } from '../setup/test-database';
import { runCli } from './support/cli';
import { waitFor } from './support/load';
import { emptyPlace, serverOn, useCleanups } from './support/places';

/**
 * Issue 49: `npm run backup` keeps the entries' files beside the database, copying each file
 * once, and `npm run restore` brings them back and names the entries whose file the backup lacked.
 */
describe.each(testDatabaseKinds())('entry files in backups and restores (%s)', (kind) => {
  const onCleanup = useCleanups();

  it('copies only new files in a later backup, restores them, and lists the entry whose file the backup lacked', { timeout: 240_000 }, async () => {
    const source = await emptyPlace(kind, onCleanup);
    const files = join(source.dataDir, 'entries', 'files');
    const storage = directoryStorage(files);
    const database = await source.open();
    const entryIds: string[] = [];
    let registration: { id: string; code: string };
    try {
      await seedRegistrations(database, 1);
      [registration] = (await database.rows<{ id: string; code: string }>(sql`select id::text as id, reference_code as code from registrations`)) as [typeof registration];
      for (let i = 0; i < 3; i++) entryIds.push(await storeReadyPhotoEntry(database.db, storage, registration.id, 'drawing'));
    } finally {
      await database.close();
    }

    const server = await serverOn(source, onCleanup);
    const out = mkdtempSync(join(tmpdir(), 'ktc-backups-'));
    onCleanup(() => rmSync(out, { recursive: true, force: true }));
    const extension = kind === 'pglite' ? '.tar.gz' : '.dump';

    const first = await runCli('backup', ['--out', join(out, `first${extension}`)], source.env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain(`Entry files: 3 files kept in ${join(out, 'entry-files')}, 3 of them new in this backup`);
    // A file stored after the first backup: the second copies it, and only it.
    await storage.put(`${registration!.id}/later/0.jpg`, Readable.from([Buffer.from('later')]));
    const second = await runCli('backup', ['--out', join(out, `second${extension}`)], source.env);
    expect(second.stderr).toBe('');
    expect(second.stdout).toContain('Entry files: 4 files kept');
    expect(second.stdout).toContain('1 of them new in this backup');
    expect((await runCli('backup', ['--out', join(out, `third${extension}`)], source.env)).stdout).toContain('0 of them new in this backup');
    await server.stop('SIGTERM');

    // The backup's folder lost one entry's file (a partial copy to another disk, say).
    const lostKey = `${registration!.id}/${entryIds[1]}/0.jpg`;
    unlinkSync(join(out, 'entry-files', 'files', lostKey));

    const restored = await emptyPlace(kind, onCleanup);
    const restore = await runCli('restore', [join(out, `second${extension}`)], restored.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Entry files: 4 files in the backup, 3 copied into ${join(restored.dataDir, 'entries', 'files')}, 1 missing from the backup's entry-files folder.`);
    expect(restore.stdout).toContain('1 entry has a missing file');
    expect(restore.stdout).toContain(`${registration!.code} drawing level1 entry ${entryIds[1]}`);
    const back = directoryStorage(join(restored.dataDir, 'entries', 'files'));
    expect(await back.size(`${registration!.id}/${entryIds[0]}/0.jpg`)).toBeGreaterThan(0);
    expect(await back.size(lostKey)).toBeNull();

    // The restored server says so at start, for whoever reads its log.
    const again = await serverOn(restored, onCleanup);
    await waitFor(() => again.output().includes('entries whose stored files are missing'), 30_000, 'the missing-files log line');
    expect(again.output()).toMatch(new RegExp(`"entries":1,"first":\\["${registration!.code}"\\]`));
  });

  it('says so when a backup has no entry files beside it, and restores the database all the same', { timeout: 120_000 }, async () => {
    const source = await emptyPlace(kind, onCleanup);
    const out = mkdtempSync(join(tmpdir(), 'ktc-backups-'));
    onCleanup(() => rmSync(out, { recursive: true, force: true }));
    const file = join(out, kind === 'pglite' ? 'b.tar.gz' : 'b.dump');
    expect((await runCli('backup', ['--out', file], source.env)).stdout).toContain('Entry files: 0 files kept');
    rmSync(join(out, 'entry-files'), { recursive: true });
    writeFileSync(join(out, 'notes.txt'), 'the backup was moved without its entry-files folder');
    const restored = await emptyPlace(kind, onCleanup);
    const restore = await runCli('restore', [file], restored.env);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Entry files: this backup has no list of entry files beside it');
    expect(existsSync(join(restored.dataDir, 'entries'))).toBe(false);
    expect(readdirSync(out).sort()).toEqual(['b' + (kind === 'pglite' ? '.tar.gz' : '.dump'), 'notes.txt']);
  });
});
