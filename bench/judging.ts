import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CategorySlug } from '../domain/categories';
import { JUDGE_EXPERTISE } from '../domain/judge-rules';
import { LEVEL1_ROUND, rubricFor } from '../domain/judging';
import { computeResults, type ScoreSheet } from '../domain/judging-results';
import { openDatabase, type Database } from '../server/db/client';
import { accounts, entries, judges, judgeScores } from '../server/db/schema';
import { hashPassword } from '../server/lib/password';
import type { RunningServer } from '../tests/setup/server-process';
import type { BenchContext, FreshDatabase } from './lib/environment';
import { figure, percentile, type PartResult } from './lib/report';
import { BENCH_ADMIN, runSeed, signInBenchAdmin } from './lib/seeded-server';
import { signInWithCode, TEST_TOTP_SECRET } from '../tests/setup/second-factor-codes';

const PART = '9. Judging';
/** Issue 24: a round of 10,000 entries with 3 judges each computes in under 1 s; a judge's queue answers p95 < 50 ms. */
const RESULTS_TARGET_S = 1;
const QUEUE_TARGET_MS = 50;
const RUNS = 40;
const WARMUP = 3;
const JUDGE_PASSWORD = 'bench judge password, not for production';
const SCORED: CategorySlug[] = ['dance', 'singing', 'drawing', 'costume', 'storytelling', 'spelling-bee', 'coloring', 'handwriting', 'art-craft', 'yoga'];

function direct(database: FreshDatabase): Promise<Database> {
  return openDatabase(database.env.DATABASE_URL ? { kind: 'postgres', url: database.env.DATABASE_URL, maxConnections: 2 } : { kind: 'pglite', dataDir: database.env.DATA_DIR! });
}

/** A sheet that varies by entry and judge, so standardising has something to do. */
function scoresFor(category: CategorySlug, entryIndex: number, judgeIndex: number): Record<string, number> {
  const rubric = rubricFor(category);
  if (rubric.kind !== 'scores') return {};
  return Object.fromEntries(rubric.criteria.map((criterion, c) => [criterion.id, 1 + ((entryIndex * 7 + judgeIndex * 3 + c) % 10)]));
}

async function post(server: RunningServer, cookie: string, path: string, body: unknown): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'x-requested-with': 'fetch', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  return { status: response.status, ms: performance.now() - started, body: answer };
}

/** Signs an account in; an admin also proves its authenticator code (ADR 033). */
function signIn(server: RunningServer, username: string, password: string): Promise<string> {
  return signInWithCode(server.url, { username, password });
}

export async function measureJudging(ctx: BenchContext, options: { entries: number }): Promise<Omit<PartResult, 'seconds'>> {
  // In-process first: the computation alone, on sheets made here.
  const criteria = rubricFor('drawing');
  if (criteria.kind !== 'scores') throw new Error('drawing is scored');
  const pureEntries = Array.from({ length: options.entries }, (_, i) => ({ id: `e${String(i).padStart(6, '0')}`, pool: `drawing:${['1-5', '6-8', '9-12', '13-17'][i % 4]}` }));
  const pureSheets: ScoreSheet[] = pureEntries.flatMap((entry, i) => [0, 1, 2].map((j) => ({ entryId: entry.id, judgeId: `j${(i + j * 7) % 30}`, scores: scoresFor('drawing', i, j) })));
  computeResults({ criteria: criteria.criteria, entries: pureEntries.slice(0, 100), sheets: pureSheets.slice(0, 300), settings: LEVEL1_ROUND });
  const pureStarted = performance.now();
  computeResults({ criteria: criteria.criteria, entries: pureEntries, sheets: pureSheets, settings: LEVEL1_ROUND });
  const pureMs = performance.now() - pureStarted;

  const database = await ctx.freshDatabase('judging');
  try {
    ctx.log(`  seeding ${Math.round(options.entries * 1.6)} registrations and ${options.entries} ready entries ...`);
    await runSeed(database.env, Math.round(options.entries * 1.6));
    const passwordHash = await hashPassword(JUDGE_PASSWORD, 10);
    let db = await direct(database);
    try {
      const children = await db.rows<{ id: string }>(
        sql`select id::text as id from registrations where type = 'participant' and age_unit = 'years' and age between 1 and 17 and deleted_at is null and cancelled_at is null order by id limit ${options.entries}`,
      );
      if (children.length < options.entries) throw new Error(`only ${children.length} children to give entries to`);
      const now = new Date().toISOString();
      for (let i = 0; i < children.length; i += 2000) {
        await db.db.insert(entries).values(
          children.slice(i, i + 2000).map((child, k) => ({
            id: randomUUID(),
            registrationId: child.id,
            category: SCORED[(i + k) % SCORED.length]!,
            levelId: 'level1' as const,
            kind: 'photos' as const,
            fileCount: 1,
            status: 'ready' as const,
            receivedAt: now,
            checkedAt: now,
          })),
        );
      }
      // Three judges of each expertise but "Others": 30 judges, every scored contest covered.
      const expertise = JUDGE_EXPERTISE.filter((name) => name !== 'Others');
      const made = await db.db
        .insert(accounts)
        .values(expertise.flatMap((name, e) => [0, 1, 2].map((k) => ({ username: `judge-${e}-${k}`, passwordHash, role: 'judge' as const }))))
        .returning({ id: accounts.id, username: accounts.username });
      await db.db.insert(judges).values(made.map((account) => ({ accountId: account.id, expertise: expertise[Number(account.username.split('-')[1])]! })));
      // Rows written behind the server's back: fresh statistics, as autovacuum (Postgres) or the
      // server's own refresh (PGlite, server/db/fresh-statistics.ts) gives a server in use.
      await db.rows(sql`analyze`);
    } finally {
      await db.close();
    }

    const env = { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET, SCRYPT_LOG_N: '10' };
    let server = await ctx.startServer(database, env);
    let opened: { ms: number; body: unknown };
    try {
      const admin = await signInBenchAdmin(server);
      ctx.log('  opening the round (numbers and judges for every entry) ...');
      opened = await post(server, admin, '/api/judging/rounds', { levelId: 'level1' });
      if ((opened.body as { added?: number }).added !== options.entries) throw new Error(`opening the round answered ${JSON.stringify(opened.body).slice(0, 300)}`);
    } finally {
      await server.stop();
      server.cleanup();
    }

    // Every judge scores every entry they were given (written beside the stopped server, as the judges' phones would have).
    ctx.log('  writing 3 sheets per entry ...');
    db = await direct(database);
    try {
      const given = await db.rows<{ round_id: string; entry_id: string; judge_id: string; category: string; number: number }>(
        sql`select a.round_id::text, a.entry_id::text, a.judge_id::text, r.category, r.number from judge_assignments a join round_entries r using (round_id, entry_id) where a.status = 'active' order by r.number, a.judge_id`,
      );
      const judgeIndex = new Map<string, number>();
      const rows = given.map((row) => {
        if (!judgeIndex.has(row.judge_id)) judgeIndex.set(row.judge_id, judgeIndex.size);
        return {
          roundId: row.round_id,
          entryId: row.entry_id,
          judgeId: row.judge_id,
          scores: scoresFor(row.category as CategorySlug, row.number, judgeIndex.get(row.judge_id)!),
          editedAt: new Date().toISOString(),
        };
      });
      for (let i = 0; i < rows.length; i += 2000) await db.db.insert(judgeScores).values(rows.slice(i, i + 2000));
      await db.rows(sql`analyze`);
    } finally {
      await db.close();
    }

    server = await ctx.startServer(database, env);
    try {
      const admin = await signInBenchAdmin(server);
      const judge = await signIn(server, 'judge-8-0', JUDGE_PASSWORD);
      ctx.log(`  timing a judge's queue x ${RUNS} ...`);
      // The judge's page reads the queue a page (200 entries) at a time: each request is timed,
      // and the whole queue (every page, one after another) beside it.
      const samples: number[] = [];
      const wholes: number[] = [];
      let queueSize = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const wholeStarted = performance.now();
        let size = 0;
        for (let after: number | null = 0; after !== null; ) {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/judge/queue?after=${after}`, { headers: { cookie: judge } });
          const body = (await response.json()) as { entries: unknown[]; next: number | null };
          if (response.status !== 200) throw new Error(`the queue answered ${response.status}`);
          if (i >= WARMUP) samples.push(performance.now() - started);
          size += body.entries.length;
          after = body.next;
        }
        queueSize = size;
        if (i >= WARMUP) wholes.push(performance.now() - wholeStarted);
      }
      const roundId = ((await (await fetch(`${server.url}/api/judging/rounds/level1`, { headers: { cookie: admin } })).json()) as { round: { id: string } }).round.id;
      const closed = await post(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'scoring', to: 'closed' });
      if (closed.status !== 200) throw new Error(`closing answered ${closed.status}`);
      ctx.log('  computing the results ...');
      const computed = await post(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'closed', to: 'results' });
      if (computed.status !== 200) throw new Error(`computing answered ${computed.status}: ${JSON.stringify(computed.body).slice(0, 300)}`);
      const moderationStarted = performance.now();
      // (publishing comes last, below: it queues 10,000 emails the server then writes out)
      const moderation = await fetch(`${server.url}/api/judging/rounds/${roundId}/moderation`, { headers: { cookie: admin } });
      const moderationBytes = (await moderation.arrayBuffer()).byteLength;
      const moderationMs = performance.now() - moderationStarted;
      ctx.log('  publishing ...');
      const published = await post(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'results', to: 'published' });
      if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body).slice(0, 300)}`);
      return {
        part: PART,
        figures: [
          figure(PART, `results of ${options.entries} entries x 3 judges, computed (close -> results)`, computed.ms / 1000, {
            unit: 's',
            target: `< ${RESULTS_TARGET_S} s`,
            pass: computed.ms / 1000 < RESULTS_TARGET_S,
          }),
          figure(PART, '  of which the computation alone (in process, domain/judging-results.ts, one contest)', pureMs, { unit: 'ms' }),
          figure(PART, `a judge's queue, one page of up to 200 entries: p95`, percentile(samples, 95), {
            unit: 'ms',
            target: `< ${QUEUE_TARGET_MS} ms`,
            pass: percentile(samples, 95) < QUEUE_TARGET_MS,
            note: `p50 ${percentile(samples, 50).toFixed(1)} ms`,
          }),
          figure(PART, `  the whole queue of ${queueSize} entries, page after page: p95`, percentile(wholes, 95), {
            unit: 'ms',
            note: `p50 ${percentile(wholes, 50).toFixed(1)} ms`,
          }),
          figure(PART, `opening the round: ${options.entries} entries numbered and given 3 judges each`, opened.ms / 1000, { unit: 's' }),
          figure(PART, 'publishing: the results computed again, stored on the round, one email queued per family', published.ms / 1000, {
            unit: 's',
            note: `${(published.body as { emails?: number }).emails ?? 0} emails queued`,
          }),
          figure(PART, 'the moderation view of the whole round (every entry, how its score was reached)', moderationMs, {
            unit: 'ms',
            note: `${Math.round(moderationBytes / 1024)} KB`,
          }),
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
