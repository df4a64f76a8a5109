import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../setup/server-process';

/**
 * A client that opens a connection and trickles its headers (slowloris) must not hold a socket
 * for ever: the server's headersTimeout (20 s, checked every 5 s) ends it. Node's default would
 * wait 60 s, checked every 30 s.
 */
describe('a client that never finishes its headers', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    server?.cleanup();
  });

  it('is cut off within about 20 s while the server keeps answering others', async () => {
    const started = Date.now();
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write('POST /api/registrations HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One header line every 2 s, never the blank line that ends them.
    const drip = setInterval(() => socket.write(`X-Drip-${Date.now()}: 1\r\n`), 2_000);
    const closedAfterMs = await new Promise<number>((resolve) => {
      socket.on('close', () => resolve(Date.now() - started));
      socket.on('error', () => {});
    });
    clearInterval(drip);

    expect(closedAfterMs).toBeGreaterThanOrEqual(19_000);
    expect(closedAfterMs).toBeLessThan(35_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
