import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { startServer, type RunningServer } from '../setup/server-process';
import { createScratchPostgresDatabase, testDatabaseKinds, type DatabaseKind } from '../setup/test-database';
import { runCli } from './support/cli';
import { driveCreates, isSuccess, waitFor } from './support/load';
import { postJson } from './support/registrations';

const BOB = { username: 'bob', password: 'bob has a long passphrase' };

async function target(kind: DatabaseKind): Promise<{ env: Record<string, string>; open(dataDir: string): Promise<Database>; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    return { env: {}, open: (dataDir) => openDatabase({ kind: 'pglite', dataDir }), drop: async () => {} };
  }
  const scratch = await createScratchPostgresDatabase();
  return {
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 1 }),
    drop: scratch.drop,
  };
}

describe.each(testDatabaseKinds())('admin create and seed while the server runs (%s)', (kind) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('both work beside the running server, which then survives kill -9 with every acknowledged row', { timeout: 120_000 }, async () => {
    const db = await target(kind);
    cleanups.push(() => db.drop());
    let server: RunningServer = await startServer({ env: db.env });
    const dataDir = server.dataDir;
    cleanups.push(() => server.cleanup());
    cleanups.push(async () => {
      await server.stop('SIGKILL');
    });
    const cliEnv = { DATA_DIR: dataDir, ...db.env };

    const load = driveCreates(server.url, { concurrency: 8 });
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= 50, 30_000, '50 acknowledged creates');

    // As the README says: the password comes from a prompt, or from stdin.
    const admin = await runCli('admin', ['create', BOB.username], cliEnv, `${BOB.password}\n`);
    expect(admin.stderr).toBe('');
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain('Created admin "bob"');
    if (kind === 'pglite') expect(admin.stdout).toContain(`through the running server, pid ${server.process.pid}`);

    const seed = await runCli('seed', ['--count', '500'], cliEnv);
    expect(seed.stderr).toBe('');
    expect(seed.code).toBe(0);
    expect(seed.stdout).toMatch(/Seeded 500 registrations/);

    // The new admin works on the server that is running, at once.
    const login = await postJson(server.url, '/api/auth/login', { ...BOB, remember: false });
    expect(login.status).toBe(200);

    const ackedBeforeKill = load.attempts.filter((a) => isSuccess(a.status)).length;
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= ackedBeforeKill + 50, 30_000, '50 more creates');
    await server.stop('SIGKILL');
    const attempts = await load.stop();
    expect(attempts.filter((a) => a.status !== null && !isSuccess(a.status))).toEqual([]);

    server = await startServer({ dataDir, env: db.env });
    expect((await postJson(server.url, '/api/auth/login', { ...BOB, remember: false })).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);

    const database = await db.open(dataDir);
    try {
      const stored = (await database.rows<{ id: string }>(sql`select id::text as id from registrations`)).map((r) => r.id);
      const storedSet = new Set(stored);
      const sent = new Set(attempts.map((a) => a.record.id));
      const acknowledged = attempts.filter((a) => isSuccess(a.status)).map((a) => a.record.id);
      expect(acknowledged.filter((id) => !storedSet.has(id))).toEqual([]);
      // Exactly the 500 seeded rows besides the load's own.
      expect(stored.filter((id) => !sent.has(id))).toHaveLength(500);
      const [stats] = await database.rows<{ live: number; actual: number }>(
        sql`select (select live from registration_stats) as live, (select count(*)::int from registrations where deleted_at is null) as actual`,
      );
      expect(stats?.live).toBe(stats?.actual);
    } finally {
      await database.close();
    }
  });
});
