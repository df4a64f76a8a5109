import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { startServer, type RunningServer } from '../setup/server-process';
import { createScratchPostgresDatabase, testDatabaseKinds, type DatabaseKind } from '../setup/test-database';
import { runCli } from './support/cli';
import { driveCreates, isSuccess, waitFor } from './support/load';

type Place = { env: Record<string, string>; dataDir: string; open(): Promise<Database>; drop(): Promise<void> };

/** An empty place for a database: a fresh DATA_DIR, or a fresh Postgres database beside TEST_DATABASE_URL. */
async function emptyPlace(kind: DatabaseKind): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ktc-restore-'));
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchPostgresDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    dataDir,
    open: () => openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 1 }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}

async function storedIds(database: Database): Promise<Set<string>> {
  return new Set((await database.rows<{ id: string }>(sql`select id::text as id from registrations`)).map((r) => r.id));
}

describe.each(testDatabaseKinds())('backup while creates run at full speed, then restore (%s)', (kind) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('the restored copy holds every registration acknowledged before the backup began', { timeout: 300_000 }, async () => {
    const source = await emptyPlace(kind);
    cleanups.push(() => source.drop());
    // Thousands of creates from one address: the public write limits are off here (they are
    // tested in server/lib/rate-limits.test.ts), or the load would meet a 429 instead.
    const server: RunningServer = await startServer({ dataDir: source.dataDir, env: { ...source.env, PUBLIC_WRITE_LIMIT_FACTOR: '0' } });
    cleanups.push(async () => {
      await server.stop('SIGKILL');
    });
    const outDir = mkdtempSync(join(tmpdir(), 'ktc-backups-'));
    cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
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

    const restored = await emptyPlace(kind);
    cleanups.push(() => restored.drop());
    const restore = await runCli('restore', [file], restored.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored .* \d+ registrations/);

    const database = await restored.open();
    try {
      const ids = await storedIds(database);
      expect(acknowledgedBefore.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.size).toBeGreaterThanOrEqual(acknowledgedBefore.length);
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
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('never restores into a DATA_DIR a running server holds', { timeout: 90_000 }, async () => {
    const server = await startServer();
    cleanups.push(() => server.cleanup());
    cleanups.push(async () => {
      await server.stop('SIGKILL');
    });
    const file = join(server.dataDir, '..', `${server.port}-backup.tar.gz`);
    cleanups.push(() => rmSync(file, { force: true }));
    expect((await runCli('backup', ['--out', file], { DATA_DIR: server.dataDir })).code).toBe(0);
    const restore = await runCli('restore', [file, '--force'], { DATA_DIR: server.dataDir });
    expect(restore.code).not.toBe(0);
    expect(restore.stderr).toContain(`in use by process ${server.process.pid}`);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('writes backups on schedule into DATA_DIR/backups, 0600, keeping the newest BACKUP_KEEP', { timeout: 90_000 }, async () => {
    // 0.0005 h = 1.8 s between backups; the first waits one interval after start.
    const server = await startServer({ env: { BACKUP_INTERVAL_HOURS: '0.0005', BACKUP_KEEP: '2' } });
    cleanups.push(() => server.cleanup());
    cleanups.push(async () => {
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
    cleanups.push(() => rmSync(restored, { recursive: true, force: true }));
    const restore = await runCli('restore', [join(dir, newest)], { DATA_DIR: restored });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
  });
});
