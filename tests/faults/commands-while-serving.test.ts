import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../setup/test-database';
import { runCli } from './support/cli';
import { driveCreates, isSuccess, waitFor } from './support/load';
import { postJson } from './support/registrations';
import { emptyPlace, serverOn, useCleanups } from './support/places';

const BOB = { username: 'bob', password: 'bob has a long passphrase' };
const CAROL = { username: 'carol', password: 'carol judges yoga with care' };

describe.each(testDatabaseKinds())('admin create and seed while the server runs (%s)', (kind) => {
  const onCleanup = useCleanups();

  it('both work beside the running server, which then survives kill -9 with every acknowledged row', { timeout: 120_000 }, async () => {
    const place = await emptyPlace(kind, onCleanup);
    let server = await serverOn(place, onCleanup);
    const cliEnv = place.env;

    const load = driveCreates(server.url, { concurrency: 8 });
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= 50, 30_000, '50 acknowledged creates');

    // As the README says: the password comes from a prompt, or from stdin.
    const admin = await runCli('admin', ['create', BOB.username], cliEnv, `${BOB.password}\n`);
    expect(admin.stderr).toBe('');
    expect(admin.code).toBe(0);
    expect(admin.stdout).toContain('Created admin "bob"');
    if (kind === 'pglite') expect(admin.stdout).toContain(`through the running server, pid ${server.process.pid}`);

    // A judge, with the expertise that decides which contests they score (issue 24); without one, the usage.
    const judge = await runCli('admin', ['create', CAROL.username, '--role', 'judge', '--expertise', 'Yoga Trainer'], cliEnv, `${CAROL.password}\n`);
    expect(judge.code).toBe(0);
    expect(judge.stdout).toContain('Created judge "carol"');
    const noExpertise = await runCli('admin', ['create', 'dave', '--role', 'judge'], cliEnv, `${CAROL.password}\n`);
    expect(noExpertise.code).toBe(1);
    expect(noExpertise.stderr).toContain('--expertise');

    const seed = await runCli('seed', ['--count', '500'], cliEnv);
    expect(seed.stderr).toBe('');
    expect(seed.code).toBe(0);
    expect(seed.stdout).toMatch(/Seeded 500 registrations/);

    // The new admin works on the server that is running, at once.
    const login = await postJson(server.url, '/api/auth/login', { ...BOB, remember: false });
    expect(login.status).toBe(200);
    const judgeLogin = await postJson(server.url, '/api/auth/login', { ...CAROL, remember: false });
    expect(await judgeLogin.json()).toMatchObject({ admin: { username: 'carol', role: 'judge' } });

    const ackedBeforeKill = load.attempts.filter((a) => isSuccess(a.status)).length;
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= ackedBeforeKill + 50, 30_000, '50 more creates');
    await server.stop('SIGKILL');
    const attempts = await load.stop();
    expect(attempts.filter((a) => a.status !== null && !isSuccess(a.status))).toEqual([]);

    server = await serverOn(place, onCleanup);
    expect((await postJson(server.url, '/api/auth/login', { ...BOB, remember: false })).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);

    const database = await place.open();
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
