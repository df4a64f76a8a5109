import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { startServer, type RunningServer } from '../setup/server-process';
import { driveCreates, isSuccess, waitFor } from './support/load';
import { createPrivatePostgres, type PrivatePostgres } from './support/private-postgres';

// A private cluster, so stopping it never disturbs the machine's shared Postgres.
describe('Postgres stopped and restarted under load (private Postgres instance)', () => {
  let postgres: PrivatePostgres;
  let server: RunningServer;

  beforeAll(async () => {
    postgres = await createPrivatePostgres();
    server = await startServer({ env: { DATABASE_URL: postgres.url } });
  }, 90_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    server?.cleanup();
    await postgres?.destroy();
  });

  it('answers JSON 503 during the outage, never crashes, and recovers by itself', { timeout: 60_000 }, async () => {
    const load = driveCreates(server.url, { concurrency: 8, pauseMs: 5 });
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= 100, 20_000, '100 creates before the outage');

    await postgres.stop();
    const outageStarted = Date.now();
    await waitFor(
      () => load.attempts.filter((a) => a.startedAt > outageStarted && a.finishedAt > 0).length >= 20,
      20_000,
      'requests answered during the outage',
    );
    const health = await fetch(`${server.url}/api/health`).catch((error: unknown) => {
      throw new Error(`server gone: ${String(error)}\n${server.output().slice(-3000)}`);
    });
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, db: 'postgres' });

    const outageEnded = Date.now();
    await postgres.start();
    const restarted = Date.now();
    // Recovery without any help: fresh requests succeed again.
    await waitFor(
      () => load.attempts.some((a) => a.startedAt > restarted && a.status === 201),
      20_000,
      'a successful create after Postgres came back',
    );
    const attempts = await load.stop();

    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    const duringOutage = attempts.filter((a) => a.startedAt > outageStarted && a.finishedAt > 0 && a.finishedAt < outageEnded);
    expect(duringOutage.length).toBeGreaterThan(0);
    const answer = (a: (typeof attempts)[number]) => `${a.status ?? 'no answer within 10 s'} ${a.errorCode ?? ''}`;
    expect(duringOutage.map(answer)).toEqual(
      duringOutage.map(() => '503 service_unavailable'),
    );
    // Whatever the timing, every answer was either a success or a JSON 503: no 500s, no dropped connections.
    const unexpected = attempts.filter((a) => !(isSuccess(a.status) || (a.status === 503 && a.json && a.errorCode === 'service_unavailable')));
    expect(unexpected.map(answer)).toEqual([]);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Every acknowledged registration survived the restart.
    const database = await openDatabase({ kind: 'postgres', url: postgres.url, maxConnections: 1 });
    try {
      const stored = new Set(
        (await database.rows<{ id: string }>(sql`select id::text as id from registrations`)).map((r) => r.id),
      );
      expect(attempts.filter((a) => isSuccess(a.status) && !stored.has(a.record.id)).map((a) => a.record.id)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
