import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startServer } from '../setup/server-process';
import { testDatabaseKinds } from '../setup/test-database';
import { runCli } from './support/cli';
import { driveCreates, isSuccess, waitFor } from './support/load';
import { emptyPlace, serverOn, useCleanups } from './support/places';

describe.each(testDatabaseKinds())('backup while creates run at full speed, then restore (%s)', (kind) => {
  const onCleanup = useCleanups();

  it('the restored copy holds every registration acknowledged before the backup began', { timeout: 300_000 }, async () => {
    const source = await emptyPlace(kind, onCleanup);
    // Thousands of creates from one address: the public write limits are off here (they are
    // tested in server/lib/rate-limits.test.ts), or the load would meet a 429 instead.
    const server = await serverOn(source, onCleanup, { PUBLIC_WRITE_LIMIT_FACTOR: '0' });
    const outDir = mkdtempSync(join(tmpdir(), 'ktc-backups-'));
    onCleanup(() => rmSync(outDir, { recursive: true, force: true }));
    const file = join(outDir, kind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');

    const load = driveCreates(server.url, { concurrency: 16 });
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= 300, 60_000, '300 acknowledged creates');
    const backupBegan = Date.now();
    const acknowledgedBefore = load.attempts.filter((a) => isSuccess(a.status) && a.finishedAt <= backupBegan).map((a) => a.record.id);
    const backup = await runCli('backup', ['--out', file], source.env);
    const backupEnded = Date.now();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(kind === 'pglite' ? `Backup written by the running server (pid ${server.process.pid}): ${file}` : `Backup written: ${file}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The server kept serving while the backup ran.
    const answeredDuring = load.attempts.filter((a) => isSuccess(a.status) && a.finishedAt > backupBegan && a.finishedAt < backupEnded);
    expect(answeredDuring.length).toBeGreaterThan(0);
    const attempts = await load.stop();
    expect(attempts.filter((a) => a.status !== null && !isSuccess(a.status))).toEqual([]);
    await server.stop('SIGTERM');

    const restored = await emptyPlace(kind, onCleanup);
    const restore = await runCli('restore', [file], restored.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored .* [\d,]+ registrations/);

    const ids = await restored.storedIds();
    expect(acknowledgedBefore.filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.size).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    const database = await restored.open();
    try {
      const [stats] = await database.rows<{ live: number; actual: number }>(
        sql`select (select live from registration_stats) as live, (select count(*)::int from registrations where deleted_at is null) as actual`,
      );
      expect(stats?.live).toBe(stats?.actual);
    } finally {
      await database.close();
    }

    // Restoring over a database that now holds data is refused without --force, and works with it.
    const again = await runCli('restore', [file], restored.env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already holds a database|is not empty/);
    expect(again.stderr).toContain('--force');
    const forced = await runCli('restore', [file, '--force'], restored.env);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
  });
});

describe('restore and automatic backups on PGlite', () => {
  const onCleanup = useCleanups();

  it('never restores into a DATA_DIR a running server holds', { timeout: 90_000 }, async () => {
    const server = await startServer();
    onCleanup(() => server.cleanup());
    onCleanup(async () => {
      await server.stop('SIGKILL');
    });
    const file = join(server.dataDir, '..', `${server.port}-backup.tar.gz`);
    onCleanup(() => rmSync(file, { force: true }));
    expect((await runCli('backup', ['--out', file], { DATA_DIR: server.dataDir })).code).toBe(0);
    const restore = await runCli('restore', [file, '--force'], { DATA_DIR: server.dataDir });
    expect(restore.code).not.toBe(0);
    expect(restore.stderr).toContain(`in use by process ${server.process.pid}`);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('writes backups on schedule into DATA_DIR/backups, 0600, keeping the newest BACKUP_KEEP', { timeout: 90_000 }, async () => {
    // 0.0005 h = 1.8 s between backups; the first waits one interval after start.
    const server = await startServer({ env: { BACKUP_INTERVAL_HOURS: '0.0005', BACKUP_KEEP: '2' } });
    onCleanup(() => server.cleanup());
    onCleanup(async () => {
      await server.stop('SIGKILL');
    });
    const dir = join(server.dataDir, 'backups');
    const written = () => (server.output().match(/"automatic backup written"/g) ?? []).length;
    await waitFor(() => written() >= 4, 60_000, 'four automatic backups');
    const files = readdirSync(dir).filter((name) => name.endsWith('.tar.gz'));
    expect(files).toHaveLength(2);
    for (const name of files) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    expect(server.output()).not.toContain('automatic backup failed');

    await server.stop('SIGTERM');
    const newest = files.sort().at(-1) as string;
    const restored = mkdtempSync(join(tmpdir(), 'ktc-restore-'));
    onCleanup(() => rmSync(restored, { recursive: true, force: true }));
    const restore = await runCli('restore', [join(dir, newest)], { DATA_DIR: restored });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
  });
});
