import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LEVEL1_ROUND } from '../domain/judging';
import { entries, judgingRounds, roundEntries } from '../server/db/schema';
import type { RunningServer } from '../tests/setup/server-process';
import { memoryKib, type BenchContext } from './lib/environment';
import { directDatabase, SCORED } from './lib/judged-round';
import { loopDelayFigure, loopDelayMark, loopDelaySince } from './lib/loop-delay';
import { figure, percentile, type PartResult } from './lib/report';
import { BENCH_ADMIN, runSeed, signInBenchAdmin } from './lib/seeded-server';
import { TEST_TOTP_SECRET } from '../tests/setup/second-factor-codes';

const PART = '10. Certificates';
/** Issue 25: 5,000 certificates in under 60 s, the server within its memory budget, the site staying fast. */
const TARGET_S = 60;
const RSS_TARGET_MIB = 400;
const SITE_TARGET_MS = 100;
const CONTESTS = SCORED;


async function timedGet(server: RunningServer, path: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, cookie ? { headers: { cookie } } : {});
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * A published Level 1 round of `count` entries over the ten scored contests (written beside the
 * stopped server, as a judged round leaves it), a third of the families in Tamil; then the admin
 * issues the certificates and the server's job makes every PDF while a visitor keeps using the
 * site. Measured: until the last PDF is made, the server's memory, the site's answers meanwhile,
 * and a contest's bundle for printing.
 */
export async function measureCertificates(ctx: BenchContext, options: { count: number }): Promise<Omit<PartResult, 'seconds'>> {
  const database = await ctx.freshDatabase('certificates');
  try {
    ctx.log(`  seeding ${Math.round(options.count * 1.6)} registrations and a published round of ${options.count} entries ...`);
    await runSeed(database.env, Math.round(options.count * 1.6));
    const db = await directDatabase(database);
    try {
      const children = await db.rows<{ id: string }>(
        sql`select id::text as id from registrations where type = 'participant' and age_unit = 'years' and age between 1 and 17 and deleted_at is null and cancelled_at is null order by id limit ${options.count}`,
      );
      if (children.length < options.count) throw new Error(`only ${children.length} children to certify`);
      await db.rows(sql`update registrations set language = case when right(id::text, 1) in ('0', '1', '2', '3', '4') then 'ta' else 'en' end where id = any(${sql.param(children.map((c) => c.id))}::uuid[]) returning id`);
      const roundId = randomUUID();
      const now = new Date().toISOString();
      await db.db.insert(judgingRounds).values({ id: roundId, levelId: 'level1', state: 'published', settings: LEVEL1_ROUND, closedAt: now, resultsAt: now, publishedAt: now });
      for (let i = 0; i < children.length; i += 1000) {
        const slice = children.slice(i, i + 1000).map((child, k) => ({ child, n: i + k, id: randomUUID(), category: CONTESTS[(i + k) % CONTESTS.length]! }));
        await db.db.insert(entries).values(slice.map((e) => ({ id: e.id, registrationId: e.child.id, category: e.category, levelId: 'level1' as const, kind: 'photos' as const, fileCount: 1, status: 'ready' as const, receivedAt: now, checkedAt: now })));
        await db.db.insert(roundEntries).values(
          slice.map((e) => {
            const place = 1 + Math.floor(e.n / CONTESTS.length) % 60;
            return { roundId, entryId: e.id, number: e.n + 1, category: e.category, ageBand: '6-8', final: 100 - place, place, qualifies: place <= 12, flagged: false, detail: [] };
          }),
        );
      }
      await db.rows(sql`analyze`);
    } finally {
      await db.close();
    }

    const server = await ctx.startServer(database, { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET, SCRYPT_LOG_N: '10' });
    try {
      const admin = await signInBenchAdmin(server);
      // The site at rest: the home page and a certificate's verification, before any exists (404s are not timed: the list is).
      const idle: number[] = [];
      for (let i = 0; i < 40; i++) idle.push(await timedGet(server, '/'));

      ctx.log(`  issuing ${options.count} certificates and waiting for every PDF ...`);
      const rssBefore = memoryKib(server.process.pid, 'VmRSS') ?? 0;
      const mark = loopDelayMark(server);
      const started = performance.now();
      const issued = await fetch(`${server.url}/api/certificates/issue`, {
        method: 'POST',
        headers: { cookie: admin, origin: server.url, 'x-requested-with': 'fetch', 'content-type': 'application/json' },
        body: JSON.stringify({ levelId: 'level1' }),
      });
      const issueMs = performance.now() - started;
      const { issued: count } = (await issued.json()) as { issued: number };
      if (count !== options.count) throw new Error(`issuing answered ${count}, not ${options.count}`);

      // While the job works: a visitor's home page and a certificate's verification page, one after
      // another; the admin's list (what the Certificates page shows) once a second; the server's memory.
      let peakKib = rssBefore;
      const during: number[] = [];
      let waiting = count;
      let firstId = '';
      let lastLook = 0;
      while (waiting > 0) {
        if (performance.now() - lastLook > 1000) {
          lastLook = performance.now();
          const list = (await (await fetch(`${server.url}/api/certificates`, { headers: { cookie: admin } })).json()) as { waiting: number; rows: { id: string }[] };
          waiting = list.waiting;
          firstId ||= list.rows[0]?.id ?? '';
          peakKib = Math.max(peakKib, memoryKib(server.process.pid, 'VmRSS') ?? 0);
        }
        during.push(await timedGet(server, '/'));
        if (firstId) during.push(await timedGet(server, `/api/verify/${firstId}`));
        if (performance.now() - started > 600_000) throw new Error(`after 10 minutes ${waiting} certificates still have no PDF`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const allMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const delay = loopDelaySince(server, mark);

      // One contest's bundle for printing: streamed, a page per certificate.
      const bundleStarted = performance.now();
      const bundle = await fetch(`${server.url}/api/certificates/print?category=drawing`, { headers: { cookie: admin } });
      const bundleBytes = (await bundle.arrayBuffer()).byteLength;
      const bundleMs = performance.now() - bundleStarted;
      peakKib = Math.max(peakKib, memoryKib(server.process.pid, 'VmRSS') ?? 0);
      const verifyMs: number[] = [];
      for (let i = 0; i < 40; i++) verifyMs.push(await timedGet(server, `/api/verify/${firstId}`));

      const perCertificate = allMs / count;
      return {
        part: PART,
        figures: [
          figure(PART, `${count} certificates issued (signed) and every PDF made by the background job`, allMs / 1000, {
            unit: 's',
            target: `< ${TARGET_S} s`,
            pass: allMs / 1000 < TARGET_S,
            note: `${perCertificate.toFixed(1)} ms each; issuing (the admin's request) ${(issueMs / 1000).toFixed(2)} s; a third in Tamil`,
          }),
          figure(PART, 'server RSS while the certificates are made, highest sample', Math.round(peakKib / 1024), {
            unit: 'MiB',
            target: `< ${RSS_TARGET_MIB} MiB`,
            pass: peakKib / 1024 < RSS_TARGET_MIB,
            note: `${Math.round(rssBefore / 1024)} MiB before`,
          }),
          figure(PART, 'the site meanwhile (the home page and a certificate\'s verification, one after another): p95', percentile(during, 95), {
            unit: 'ms',
            target: `< ${SITE_TARGET_MS} ms`,
            pass: percentile(during, 95) < SITE_TARGET_MS,
            note: `at rest p95 ${percentile(idle, 95).toFixed(1)} ms; ${during.length} requests; the list of certificates read once a second`,
          }),
          loopDelayFigure(PART, 'while the PDFs are made', delay),
          figure(PART, `one contest's bundle for printing (${Math.round(count / CONTESTS.length)} pages, streamed)`, bundleMs / 1000, {
            unit: 's',
            note: `${(bundleBytes / 1048576).toFixed(1)} MiB`,
          }),
          figure(PART, 'a certificate verified (GET /api/verify/<id>): p95', percentile(verifyMs, 95), { unit: 'ms', note: `p50 ${percentile(verifyMs, 50).toFixed(1)} ms` }),
        ],
      };
    } finally {
      await server.stop();
      server.cleanup();
    }
  } finally {
    await database.dispose();
  }
}
