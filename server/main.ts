import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { bootstrapAdmin } from './lib/admin-accounts';
import { createLogger, describeError } from './lib/logger';
import { createMailTransport } from './mail/mail-transport';
import { startMailWorker } from './mail/mail-worker';

const SHUTDOWN_DEADLINE_MS = 5000;
/**
 * A client gets 20 s to send its headers and 120 s for the whole request (a 6 MB upload on slow
 * mobile data), checked every 5 s: a connection that trickles bytes cannot hold a socket for ever.
 */
const HTTP_TIMEOUTS = { headersTimeout: 20_000, requestTimeout: 120_000, connectionsCheckingInterval: 5_000 };

async function main() {
  const env = loadEnv();
  const log = createLogger();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(env.DATA_DIR) },
  );
  const deps = { database, env, log, now: () => new Date() };
  await bootstrapAdmin(deps, (text) => process.stdout.write(`${text}\n`));
  const mailWorker = startMailWorker(deps, createMailTransport(env, log));

  const app = createApp(deps, { serveClientFrom: resolve(env.DIST_DIR) });
  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT, serverOptions: HTTP_TIMEOUTS }, (info) => {
    log.info('listening', {
      url: `http://${info.address === '0.0.0.0' || info.address === '::' ? 'localhost' : info.address}:${info.port}`,
      port: info.port,
      db: database.kind,
    });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => {
      log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    server.close(async () => {
      await mailWorker.stop().catch((error: unknown) => log.error('stopping the mail worker failed', describeError(error)));
      await database.close().catch((error: unknown) => log.error('closing the database failed', describeError(error)));
      clearTimeout(force);
      process.exit(0);
    });
    // Idle keep-alive connections would hold close() open; in-flight requests still finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
