import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in the test process between a browser (or a client) and our server: it can cap
 * the rate of what the client sends (a phone's uplink) and cut every open connection at once
 * (the train going into a tunnel: the cut is on the phone's side of the proxy). It counts the
 * bytes the client sent, so a test can tell how much was sent twice.
 */
export type CuttingProxy = {
  url: string;
  port: number;
  /** Bytes clients sent through the proxy so far. */
  readonly sentBytes: number;
  /** Closes every connection open now, mid-request; new connections still work. */
  cutAll(): number;
  /** Resolves once clients have sent at least `bytes` through the proxy. */
  whenSent(bytes: number): Promise<void>;
  /** Bytes per second from clients to the server; null for no cap. */
  setUploadRate(bytesPerSecond: number | null): void;
  close(): Promise<void>;
};

export async function startCuttingProxy(target: { host: string; port: number }, options: { uploadBytesPerSecond?: number | null } = {}): Promise<CuttingProxy> {
  const open = new Set<{ client: Socket; upstream: Socket }>();
  let sentBytes = 0;
  let rate = options.uploadBytesPerSecond ?? null;
  const waiters: { bytes: number; resolve: () => void }[] = [];
  // One budget for all connections together, as one phone's uplink: refilled every 20 ms.
  let budget = 0;
  let lastRefill = Date.now();
  const paused = new Set<Socket>();
  const refill = setInterval(() => {
    const now = Date.now();
    if (rate !== null) budget = Math.min(rate / 10, budget + ((now - lastRefill) / 1000) * rate);
    lastRefill = now;
    if (rate === null || budget > 0) {
      for (const socket of paused) socket.resume();
      paused.clear();
    }
  }, 20);

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    open.add(pair);
    // The phone's side went: what already crossed the link still reaches the server (end, not
    // destroy), as on a real network where the drop is between the phone and the mast.
    const clientGone = () => {
      open.delete(pair);
      paused.delete(client);
      client.destroy();
      upstream.end();
    };
    const serverGone = () => {
      open.delete(pair);
      paused.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      sentBytes += chunk.length;
      for (const waiter of waiters.filter((w) => sentBytes >= w.bytes)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (!upstream.write(chunk)) client.pause();
      if (rate !== null) {
        budget -= chunk.length;
        if (budget <= 0) {
          client.pause();
          paused.add(client);
        }
      }
    });
    upstream.on('drain', () => {
      if (!paused.has(client)) client.resume();
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', clientGone);
    client.on('close', clientGone);
    upstream.on('error', serverGone);
    upstream.on('close', serverGone);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get sentBytes() {
      return sentBytes;
    },
    cutAll() {
      const count = open.size;
      // The link drops: the phone's connection is reset at once; the bytes the proxy already
      // took from it are delivered, then the server sees the request end early.
      for (const { client, upstream } of [...open]) {
        client.resetAndDestroy();
        upstream.end();
      }
      open.clear();
      return count;
    },
    whenSent(bytes) {
      if (sentBytes >= bytes) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ bytes, resolve }));
    },
    setUploadRate(bytesPerSecond) {
      rate = bytesPerSecond;
      budget = 0;
    },
    async close() {
      clearInterval(refill);
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
