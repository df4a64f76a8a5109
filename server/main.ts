import { deadlineStep } from './db/stores/places-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { startBackupSchedule, type BackupSchedule } from './db/backup/backup-schedule';
import { automaticBackupDir, createBackups } from './db/backup/backups';
import { seedRegistrations } from './cli/seed-registrations';
import { openDatabase, type Database } from './db/client';
import { CONTROL_SOCKET_FILE } from './db/data-dir-layout';
import { DataDirInUseError } from './db/data-dir-lock';
import { loadEnv } from './env';
import { bootstrapAdmin, resetAccountSecondFactor, resetPassword, setAccountDisabled, setAccountTotpSecret, upsertAdmin } from './db/stores/account-store';
import { MAX_SOCKET_PATH_BYTES, startControlChannel, type ControlChannel } from './lib/control-channel';
import { createClock, type Clock } from './lib/clock';
import { createLogger, describeError, type Logger } from './lib/logger';
import { isDatabaseUnavailable } from './lib/errors';
import { createMailTransport } from './mail/mail-transport';
import { mailFolderOf } from './mail/mail-files';
import { startMailWorker } from './mail/mail-worker';
import { runRetention, startRetentionSchedule } from './retention/retention-job';
import type { Deps } from './context';
import { ENTRY_DEADLINE, scoringDeadlineOf } from '@domain/season';
import { queuePaymentReminders } from './db/stores/payment-store';
import { queueJudgeReminders } from './db/stores/judging-store';
import { refreshGrownStatistics } from './db/fresh-statistics';
import { every } from './lib/every';
import { entryFilesOf, sweepEntryFiles } from './entries/entry-files';
import { entriesMissingFiles } from './entries/missing-entry-files';
import { createEntryChecker, startEntryWorker } from './entries/entry-worker';
import { startCertificateWorker, sweepCertificateFiles } from './certificates/certificate-job';
import { finishPublishedRounds } from './judging/publish-round';
import { pruneVitals } from './db/stores/vitals-store';
import { startLoopDelayLog } from './lib/loop-delay';
import { closeCpuPool } from './lib/cpu-pool';
import { allocatorWarning, glibcVersion } from './lib/allocator-settings';

const SHUTDOWN_DEADLINE_MS = 5000;
/**
 * A client gets 20 s to send its headers and 120 s for the whole request (a 6 MB upload on slow
 * mobile data), checked every 5 s: a connection that trickles bytes cannot hold a socket for ever.
 */
const HTTP_TIMEOUTS = { headersTimeout: 20_000, requestTimeout: 120_000, connectionsCheckingInterval: 5_000 };

/**
 * The control socket lives in DATA_DIR (0700). A path too long for a Unix socket goes into a
 * private temp directory instead; the lock file tells commands where it is either way.
 */
function controlSocketPath(dataDir: string): { path: string; cleanup(): void } {
  const inDataDir = join(dataDir, CONTROL_SOCKET_FILE);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH_BYTES) return { path: inDataDir, cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'ktc-control-'));
  return { path: join(dir, CONTROL_SOCKET_FILE), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Payment reminders (ADR 024) and judges' reminders before the scoring deadline (issue 49): the
 * ones due at the server's now are queued; a unique index queues each once, however many
 * instances look and however often.
 */
async function queueReminders(deps: Deps): Promise<{ payments: number; judges: number }> {
  const payments = await queuePaymentReminders(deps.database, deps.now(), new Date(ENTRY_DEADLINE));
  if (payments > 0) deps.log.info('payment reminders queued', { queued: payments });
  const judges = await queueJudgeReminders(deps.database.db, deps.now(), scoringDeadlineOf);
  if (judges > 0) deps.log.info('judge reminders queued', { queued: judges });
  return { payments, judges };
}

async function startControl(deps: Deps, clock: Clock, database: Database, log: Logger): Promise<ControlChannel | null> {
  if (!database.lock) return null;
  const backups = createBackups(database, deps.env);
  const socket = controlSocketPath(database.lock.dataDir);
  const channel = await startControlChannel(
    socket.path,
    {
      'create-admin': async ({ username, password, role, expertise, mode, totpSecret }) => {
        const outcome = mode === 'reset' ? await resetPassword(deps, username, password) : await upsertAdmin(deps, username, password, role, expertise);
        if (totpSecret) await setAccountTotpSecret(deps, username, totpSecret);
        return { outcome };
      },
      'reset-second-factor': async ({ username }) => ({ outcome: await resetAccountSecondFactor(deps, username) }),
      'set-account-disabled': async ({ username, disabled }) => ({ outcome: await setAccountDisabled(deps, username, disabled) }),
      seed: async ({ count }) => seedRegistrations(database, count),
      backup: async ({ out }) => backups.write(out),
      retention: async ({ dryRun }) => ({ ...(await runRetention(database, { now: deps.now(), dryRun, mailFolder: mailFolderOf(deps.env) })) }),
      clock: async ({ offsetMs }) => {
        if (!deps.env.TEST_CLOCK) throw new Error('This server’s clock cannot be moved: it was not started with TEST_CLOCK=on (tests only).');
        clock.setOffset(offsetMs);
        log.warn('the clock was moved (TEST_CLOCK)', { offsetMs });
        return { now: deps.now().toISOString(), offsetMs };
      },
      // A test that moved the clock asks for the reminders then, rather than wait for the job's next turn.
      reminders: async () => {
        if (!deps.env.TEST_CLOCK) throw new Error('This server does not queue reminders on request: it was not started with TEST_CLOCK=on (tests only).');
        return queueReminders(deps);
      },
    },
    log,
  );
  database.lock.update({ controlSocket: channel.path });
  return {
    path: channel.path,
    async close() {
      await channel.close();
      socket.cleanup();
    },
  };
}

async function main() {
  const env = loadEnv();
  const log = createLogger();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: resolve(env.DATA_DIR),
          // Nothing can be answered without the database: a server whose database thread died stops,
          // loudly, rather than answer every request with an error.
          ownThread: {
            onStop(error) {
              log.error('the database thread stopped; the server stops with it', describeError(error));
              process.exit(1);
            },
          },
        },
  );
  // The one clock every time rule reads (deps.now); only a TEST_CLOCK server lets a test move it.
  const clock = createClock();
  const deps = { database, env, log, now: clock.now };
  if (env.TEST_CLOCK) log.warn('TEST_CLOCK is on: the control socket can move this server’s clock. Never run production like this.');
  // postgres.js can reject a query promise nobody holds when Postgres drops a connection in the
  // middle of a write (seen in tests/faults/database-restart.test.ts under load). That is an
  // outage the pool recovers from, and the request that sent the query already got its 503: it is
  // logged, not a reason to stop serving. Any other unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.warn('a database connection was lost under a query nobody awaited; the pool reconnects', describeError(reason));
  });
  const loopDelay = env.LOOP_DELAY_LOG_SECONDS > 0 ? startLoopDelayLog(log, env.LOOP_DELAY_LOG_SECONDS) : null;
  await bootstrapAdmin(deps, (text) => process.stdout.write(`${text}\n`));
  const mailWorker = startMailWorker(deps, createMailTransport(env, log));
  const control = await startControl(deps, clock, database, log);
  // Every instance checks hourly; the job itself makes sure each step runs once (ADR 016).
  const retention = startRetentionSchedule(database, {
    now: deps.now,
    mailFolder: mailFolderOf(env),
    intervalMs: 60 * 60_000,
    onRun: (run) => log.info('retention job ran', { step: run.step, ...run.counts }),
    onError: (error) => log.error('retention job failed', describeError(error)),
  });
  // Payment and judges' reminders: each instance looks every 15 minutes.
  const reminders = every(
    { intervalMs: 15 * 60_000, firstAfterMs: 30_000 },
    async () => {
      await queueReminders(deps);
    },
    (error) => log.error('queuing reminders failed', describeError(error)),
  );

  // Places at the later levels (issue 46, ADR 036): the deadline's step every 5 minutes on every
  // instance; its statements make each lapse, reminder and invitation once.
  const placeDeadlines = every(
    { intervalMs: 5 * 60_000, firstAfterMs: 45_000 },
    async () => {
      const step = await deadlineStep(database, deps.now());
      if (step.lapsed + step.reminded + step.invited > 0) log.info('places: deadline step', step);
    },
    (error) => log.error('the places deadline step failed', describeError(error)),
  );

  // PGlite has no autovacuum: fresh statistics for the tables that grew (fresh-statistics.ts).
  const statistics =
    database.kind === 'pglite'
      ? every(
          { intervalMs: 5_000, firstAfterMs: 5_000 },
          async () => {
            await refreshGrownStatistics(database);
          },
          (error) => log.warn('refreshing table statistics failed', describeError(error)),
        )
      : null;

  // Entries (ADR 026): one check at a time per instance, and files no entry owns swept away.
  const entryWorker = startEntryWorker(deps, createEntryChecker(deps, entryFilesOf(deps).storage, entryFilesOf(deps).uploads));
  const entrySweep = every(
    { intervalMs: 10 * 60_000, firstAfterMs: 60_000 },
    async () => {
      const swept = await sweepEntryFiles(deps);
      if (swept.registrations + swept.uploads > 0) log.info('entry files swept', swept);
    },
    (error) => log.warn('sweeping entry files failed', describeError(error)),
  );

  // After a restore from a backup that lacked some entry files, the admins must know which entries lost theirs (issue 49).
  void entriesMissingFiles(database.db, entryFilesOf(deps).storage).then(
    (missing) => {
      if (missing.length > 0) {
        log.warn('entries whose stored files are missing: the Entries page lists them', { entries: missing.length, first: missing.slice(0, 10).map((e) => e.referenceCode) });
      }
    },
    (error: unknown) => log.warn('checking the entries’ files failed', describeError(error)),
  );

  // A round's publish that stopped midway (the process ended) is finished: its result emails
  // queued and certificates issued, each once (server/judging/publish-round.ts).
  const publishes = every(
    { intervalMs: 5 * 60_000, firstAfterMs: 15_000 },
    async () => {
      await finishPublishedRounds(deps);
    },
    (error) => log.error('finishing a published round failed', describeError(error)),
  );

  // Certificates (issue 25): their PDFs are made in the background, a few at a time, like mail.
  const certificateWorker = startCertificateWorker(deps);
  const certificateSweep = every(
    { intervalMs: 60 * 60_000, firstAfterMs: 90_000 },
    async () => {
      const swept = await sweepCertificateFiles(deps);
      if (swept > 0) log.info('certificate files swept', { registrations: swept });
    },
    (error) => log.warn('sweeping certificate files failed', describeError(error)),
  );

  // Real visitors' speed (ADR 030) is kept 35 days; every instance prunes hourly (a delete is idempotent).
  const vitalsPrune = every(
    { intervalMs: 60 * 60_000, firstAfterMs: 120_000 },
    async () => {
      const pruned = await pruneVitals(database, deps.now());
      if (pruned > 0) log.info('old speed reports deleted', { rows: pruned });
    },
    (error) => log.warn('deleting old speed reports failed', describeError(error)),
  );

  const backupDir = automaticBackupDir(env);
  let schedule: BackupSchedule | null = null;
  if (backupDir) {
    schedule = startBackupSchedule({
      dir: backupDir,
      intervalMs: env.BACKUP_INTERVAL_HOURS * 3600_000,
      keep: env.BACKUP_KEEP,
      backups: createBackups(database, env),
      log,
    });
  }

  const allocator = allocatorWarning(process.env, glibcVersion);
  if (allocator) log.warn(allocator);

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
    void control?.close();
    retention.stop();
    reminders.stop();
    placeDeadlines.stop();
    publishes.stop();
    statistics?.stop();
    entrySweep.stop();
    certificateSweep.stop();
    vitalsPrune.stop();
    loopDelay?.stop();
    server.close(async () => {
      await entryWorker.stop().catch((error: unknown) => log.error('stopping the entry checker failed', describeError(error)));
      await certificateWorker.stop().catch((error: unknown) => log.error('stopping the certificate job failed', describeError(error)));
      await mailWorker.stop().catch((error: unknown) => log.error('stopping the mail worker failed', describeError(error)));
      await schedule?.stop();
      await closeCpuPool();
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
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`Server not started.\n${error.message}\n`);
  } else {
    process.stderr.write(`Server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
