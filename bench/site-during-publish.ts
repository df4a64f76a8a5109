import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { familyLinkExpiresAt } from '../domain/season';
import { createFamilyLink } from '../server/db/stores/family-link-store';
import { makeRegistration, postJson } from '../tests/faults/support/registrations';
import { freePort, serverEntry, type RunningServer } from '../tests/setup/server-process';
import { statementCsv, STATEMENT_MAPPING } from './fees';
import { memoryKib, type BenchContext } from './lib/environment';
import { ADMIN_ENV, closeAndCompute, directDatabase, postAsAdmin, PUBLISH_ANYWAY, seedScoredRound } from './lib/judged-round';
import { loopDelayFigure, loopDelayMark, loopDelaySince } from './lib/loop-delay';
import { figure, percentile, type PartResult } from './lib/report';
import { runCommand, signInBenchAdmin } from './lib/seeded-server';

const PART = '11. The site during a publish';
/** Issue 47's targets while the server publishes, imports, makes certificates and backs up. */
const P99_MS = { reads: 200, creates: 500, loop: 50 };
/** The families' load beside the chores. */
const PER_SECOND = { creates: 20, reads: 5 };
const LIMIT_MS = 15 * 60_000;

/** A local SMTP server that accepts every message and counts it (the publish's emails go here). */
async function smtpSink(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `npm run backup` beside the running server (on PGlite the server writes it; on Postgres, pg_dump); answers its time. */
async function runBackup(env: Record<string, string>, out: string): Promise<number> {
  const started = performance.now();
  await runCommand([serverEntry('backup'), '--out', out], env, 'npm run backup');
  return performance.now() - started;
}

type Sample = { ms: number; ok: boolean };

/** Calls `request` `perSecond` times a second (each on its own, never waiting for the one before) until stopped. */
function steady(perSecond: number, request: (n: number) => Promise<boolean>): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let n = 0;
  const timer = setInterval(() => {
    const started = performance.now();
    const one = request(n++)
      .catch(() => false)
      .then((ok) => void samples.push({ ms: performance.now() - started, ok }));
    pending.add(one);
    void one.finally(() => pending.delete(one));
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return samples;
    },
  };
}

/**
 * Issue 47: a round of `entries` is published (one result email each, to a local SMTP server), its
 * certificates issued (one PDF each), a statement of `statementRows` lines imported and a backup
 * taken, all at once; meanwhile a visitor loads the home page and a family its private page, 5
 * times a second each, and registrations arrive at 20 a second. Measured until every email is
 * accepted and every PDF made: the reads' and creates' p99, the server's event-loop delay, errors.
 */
export async function measureSiteDuringPublish(ctx: BenchContext, options: { entries: number; statementRows: number }): Promise<Omit<PartResult, 'seconds'>> {
  const database = await ctx.freshDatabase('publish');
  const smtp = await smtpSink();
  const backupDir = mkdtempSync(join(tmpdir(), 'ktc-bench-publish-backup-'));
  try {
    await seedScoredRound(ctx, database, { entries: options.entries });
    // A family's private link, and the codes a statement would carry, before the server holds the database.
    const db = await directDatabase(database, 1);
    let token: string;
    let codes: string[];
    try {
      codes = (await db.rows<{ code: string }>(sql`select reference_code as code from registrations where type = 'participant' order by id limit ${options.statementRows}`)).map((r) => r.code);
      const [family] = await db.rows<{ id: string }>(sql`select id::text as id from registrations where deleted_at is null order by id limit 1`);
      ({ token } = await createFamilyLink(db.db, { registrationId: family!.id, mailId: null, expiresAt: familyLinkExpiresAt(), now: new Date() }));
    } finally {
      await db.close();
    }
    const csv = statementCsv(codes, options.statementRows);

    const server: RunningServer = await ctx.startServer(database, { ...ADMIN_ENV, SMTP_URL: smtp.url });
    try {
      const admin = await signInBenchAdmin(server);
      ctx.log('  closing the round and computing its results ...');
      const { roundId } = await closeAndCompute(server, admin);
      const read = async (path: string, headers: Record<string, string> = {}) => {
        const response = await fetch(`${server.url}${path}`, { headers });
        await response.arrayBuffer();
        return response.status === 200;
      };
      const family = { authorization: `Bearer ${token}` };
      const sentBefore = smtp.received();

      ctx.log(`  publishing ${options.entries} results, issuing their certificates, importing ${options.statementRows} statement lines and a backup, under load ...`);
      const mark = loopDelayMark(server);
      const started = performance.now();
      let peakKib = memoryKib(server.process.pid, 'VmRSS') ?? 0;
      const pages = steady(PER_SECOND.reads, () => read('/'));
      const privatePages = steady(PER_SECOND.reads, () => read('/api/family/registration', family));
      const creates = steady(PER_SECOND.creates, async (n) => (await postJson(server.url, '/api/registrations', makeRegistration(5_000_000 + n))).status === 201);

      const publish = postAsAdmin(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'results', to: 'published', reason: PUBLISH_ANYWAY }).then(async (published) => {
        if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body).slice(0, 300)}`);
        const issued = await postAsAdmin(server, admin, '/api/certificates/issue', { levelId: 'level1' });
        if (issued.status !== 200) throw new Error(`issuing answered ${issued.status}: ${JSON.stringify(issued.body).slice(0, 300)}`);
        // Publishing issues the round's certificates itself; the admin's "Issue" after it finds only those still missing (none).
        const { emails, certificates } = published.body as { emails?: number; certificates?: number };
        return { publishMs: published.ms, emails: Number(emails ?? 0), issueMs: issued.ms, issued: Number(certificates ?? 0) + Number((issued.body as { issued?: number }).issued ?? 0) };
      });
      const importing = (async () => {
        const importStarted = performance.now();
        const response = await fetch(`${server.url}/api/statements/import?fileName=publish-day.csv&mapping=${encodeURIComponent(JSON.stringify(STATEMENT_MAPPING))}`, {
          method: 'POST',
          headers: { cookie: admin, origin: server.url, 'x-requested-with': 'fetch', 'content-type': 'text/csv' },
          body: csv,
        });
        await response.arrayBuffer();
        if (response.status !== 201) throw new Error(`the import answered ${response.status}`);
        return performance.now() - importStarted;
      })();
      const backup = runBackup(database.env, join(backupDir, `publish${ctx.kind === 'pglite' ? '.tar.gz' : '.dump'}`));

      const work = await publish;
      let emailsMs: number | null = null;
      let certificatesMs: number | null = null;
      let waiting = work.issued;
      while (emailsMs === null || certificatesMs === null) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        peakKib = Math.max(peakKib, memoryKib(server.process.pid, 'VmRSS') ?? 0);
        if (emailsMs === null && smtp.received() - sentBefore >= work.emails) emailsMs = performance.now() - started;
        if (certificatesMs === null) {
          waiting = ((await (await fetch(`${server.url}/api/certificates`, { headers: { cookie: admin } })).json()) as { waiting: number }).waiting;
          if (waiting === 0) certificatesMs = performance.now() - started;
        }
        if (performance.now() - started > LIMIT_MS) break;
      }
      const importMs = await importing;
      const backupMs = await backup;
      const [pageSamples, privateSamples, createSamples] = await Promise.all([pages.stop(), privatePages.stop(), creates.stop()]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const delay = loopDelaySince(server, mark);

      const readSamples = [...pageSamples, ...privateSamples];
      const readsP99 = percentile(readSamples.map((s) => s.ms), 99);
      const createsP99 = percentile(createSamples.map((s) => s.ms), 99);
      const errors = [...readSamples, ...createSamples].filter((s) => !s.ok).length;
      const within = (ms: number | null) => (ms === null ? `not within ${LIMIT_MS / 60_000} min` : `${(ms / 1000).toFixed(1)} s`);
      return {
        part: PART,
        figures: [
          figure(PART, `reads meanwhile (home page + a family's private page, ${PER_SECOND.reads}/s each): p99`, readsP99, {
            unit: 'ms',
            target: `< ${P99_MS.reads} ms`,
            pass: readsP99 < P99_MS.reads,
            note: `p50 ${percentile(readSamples.map((s) => s.ms), 50).toFixed(1)} ms; home page p99 ${percentile(pageSamples.map((s) => s.ms), 99).toFixed(0)} ms, private page p99 ${percentile(privateSamples.map((s) => s.ms), 99).toFixed(0)} ms; ${readSamples.length} reads`,
          }),
          figure(PART, `registrations created meanwhile (${PER_SECOND.creates}/s): p99`, createsP99, {
            unit: 'ms',
            target: `< ${P99_MS.creates} ms`,
            pass: createsP99 < P99_MS.creates,
            note: `p50 ${percentile(createSamples.map((s) => s.ms), 50).toFixed(1)} ms; ${createSamples.length} creates`,
          }),
          loopDelayFigure(PART, 'through it all', delay, P99_MS.loop),
          figure(PART, '  reads or creates that failed', errors, { target: '0', pass: errors === 0 }),
          figure(PART, `${work.emails} result emails accepted by the SMTP server`, emailsMs === null ? null : emailsMs / 1000, {
            unit: 's',
            note: `information; publishing (the admin's request) ${(work.publishMs / 1000).toFixed(1)} s; ${smtp.received() - sentBefore} accepted (${within(emailsMs)})`,
          }),
          figure(PART, `${work.issued} certificates issued and every PDF made`, certificatesMs === null ? null : certificatesMs / 1000, {
            unit: 's',
            note: `information; issued by the publish, then the admin's "Issue" (${(work.issueMs / 1000).toFixed(1)} s) for any missing; ${waiting} still waiting at the end`,
          }),
          figure(PART, `${options.statementRows}-line statement imported meanwhile`, importMs / 1000, { unit: 's', note: 'information' }),
          figure(PART, 'backup meanwhile', backupMs / 1000, { unit: 's', note: 'information (npm run backup, to its end)' }),
          figure(PART, 'server RSS meanwhile, highest sample (once a second)', Math.round(peakKib / 1024), { unit: 'MiB', target: '<= 400 MiB', pass: peakKib / 1024 <= 400 }),
        ],
        details: { emailsMs, certificatesMs, importMs, backupMs, work, delay, pageSamples: pageSamples.length, privateSamples: privateSamples.length, createSamples: createSamples.length },
      };
    } finally {
      await server.stop();
      server.cleanup();
    }
  } finally {
    rmSync(backupDir, { recursive: true, force: true });
    await smtp.close();
    await database.dispose();
  }
}
