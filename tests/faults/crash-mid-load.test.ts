import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../setup/test-database';
import { driveCreates, isSuccess, waitFor } from './support/load';
import { postJson } from './support/registrations';
import { emptyPlace, serverOn, useCleanups } from './support/places';

describe.each(testDatabaseKinds())('kill -9 of the server mid-load (%s)', (kind) => {
  const onCleanup = useCleanups();

  it('keeps every acknowledged registration, and a full replay stores each id exactly once', { timeout: 180_000 }, async () => {
    const place = await emptyPlace(kind, onCleanup);
    let server = await serverOn(place, onCleanup);

    const load = driveCreates(server.url, { concurrency: 16 });
    // Kill while requests are in flight, once a good number have been acknowledged.
    await waitFor(() => load.attempts.filter((a) => isSuccess(a.status)).length >= 300, 30_000, '300 acknowledged creates');
    await server.stop('SIGKILL');
    const attempts = await load.stop();

    const acknowledged = new Set(attempts.filter((a) => isSuccess(a.status)).map((a) => a.record.id));
    const unanswered = attempts.filter((a) => a.status === null);
    // Only 2xx or no answer at all: a crash must never surface as a 4xx/5xx the client would believe.
    expect(attempts.filter((a) => a.status !== null && !isSuccess(a.status))).toEqual([]);
    expect(unanswered.length).toBeGreaterThan(0);

    // Straight from the database, before any replay could paper over a loss.
    const storedAfterCrash = await place.storedIds();
    const lost = [...acknowledged].filter((id) => !storedAfterCrash.has(id));
    expect(lost).toEqual([]);

    server = await serverOn(place, onCleanup);
    const replayStatuses = new Map<string, number>();
    const queue = [...attempts];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let attempt = queue.shift(); attempt; attempt = queue.shift()) {
          const response = await postJson(server.url, '/api/registrations', attempt.record);
          const body = (await response.json()) as { status?: string };
          replayStatuses.set(attempt.record.id, response.status);
          if (acknowledged.has(attempt.record.id)) expect(body.status).toBe('duplicate');
        }
      }),
    );
    expect([...replayStatuses.values()].filter((status) => status !== 200 && status !== 201)).toEqual([]);
    await server.stop();

    const sent = new Set(attempts.map((a) => a.record.id));
    expect(await place.storedIds()).toEqual(sent);
  });
});
