import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { freePort, startServer, type RunningServer } from '../setup/server-process';
import { runCli } from './support/cli';
import { driveCreates, isSuccess, waitFor } from './support/load';
import { useCleanups } from './support/places';

// PGlite only: the lock guards an embedded data directory (Postgres serves many instances).
describe('a second server on a DATA_DIR that a running server holds', () => {
  const onCleanup = useCleanups();

  it('exits non-zero at once, naming the directory and the holder; the first keeps serving and loses nothing', { timeout: 90_000 }, async () => {
    const first: RunningServer = await startServer();
    onCleanup(() => first.cleanup());
    onCleanup(async () => {
      await first.stop('SIGKILL');
    });
    const load = driveCreates(first.url, { concurrency: 8 });
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= 100, 30_000, '100 acknowledged creates');

    const port = await freePort();
    const second = await runCli('main', [], { DATA_DIR: first.dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' });
    const said = second.stderr;
    expect(second.code).not.toBe(0);
    expect(said).toContain(`The data directory ${first.dataDir} is in use by process ${first.process.pid}`);
    expect(said).toContain('npm run admin');
    expect(said).toContain('own DATA_DIR');
    // It never got as far as opening the database, let alone listening.
    expect(said).not.toMatch(/listening|migrat/i);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    // The first server is still serving: creates keep being acknowledged after the attempt.
    const ackedAtAttempt = load.attempts.filter((a) => isSuccess(a.status)).length;
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= ackedAtAttempt + 100, 30_000, '100 more creates');
    const attempts = await load.stop();
    expect(attempts.filter((a) => a.status !== null && !isSuccess(a.status))).toEqual([]);
    expect(await first.stop('SIGTERM')).toBe(0);

    const acknowledged = attempts.filter((a) => isSuccess(a.status)).map((a) => a.record.id);
    const database = await openDatabase({ kind: 'pglite', dataDir: first.dataDir });
    try {
      const stored = new Set((await database.rows<{ id: string }>(sql`select id::text as id from registrations`)).map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
