import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecordSecret } from '@domain/record-secret';
import { startServer, type RunningServer } from '../tests/setup/server-process';

/** The real server process: it keeps its data across restarts and exits cleanly on SIGTERM. */
describe('server lifecycle on PGlite', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  // How long the exit takes is a bench figure (part 5), not a test's: a loaded machine is not a bug.
  it('exits with code 0 on SIGTERM, and restarts with its data intact', async () => {
    server = await startServer();
    // A contact message with its record secret: after the restart, only stored data can answer.
    const message = {
      id: randomUUID(),
      recordSecret: createRecordSecret(),
      name: 'Ravi',
      email: `lifecycle-${randomUUID().slice(0, 8)}@example.org`,
      phone: '9876543210',
      subject: 'Kept across restarts',
      message: 'Hello',
    };
    const post = (body: unknown) =>
      fetch(`${server?.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const first = await post(message);
    expect(first.status).toBe(201);

    const code = await server.stop('SIGTERM');
    expect(code).toBe(0);

    const dataDir = server.dataDir;
    server = await startServer({ dataDir });
    // The same id with other content: the server still holds the first message, and its secret.
    const again = await post({ ...message, subject: 'Something else' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.current).toMatchObject({ id: message.id, subject: 'Kept across restarts' });
  }, 120_000);
});
