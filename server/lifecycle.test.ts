import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../tests/setup/server-process';

/** The real server process: it keeps its data across restarts and exits cleanly on SIGTERM. */
describe('server lifecycle on PGlite', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('exits with code 0 within 5 s of SIGTERM, and restarts with its data intact', async () => {
    server = await startServer();
    const email = `lifecycle-${randomUUID().slice(0, 8)}@example.org`;
    const first = await fetch(`${server.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), email }),
    });
    expect(first.status).toBe(201);

    const started = Date.now();
    const code = await server.stop('SIGTERM');
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);

    const dataDir = server.dataDir;
    server = await startServer({ dataDir });
    // The same address again (with a new id): the server still knows it after the restart.
    const again = await fetch(`${server.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: randomUUID(), email: email.toUpperCase() }),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'already_subscribed' });
  }, 120_000);
});
