import { LEVEL1_ROUND, rubricFor } from '../domain/judging';
import { computeResults, type ScoreSheet } from '../domain/judging-results';
import type { RunningServer } from '../tests/setup/server-process';
import type { BenchContext } from './lib/environment';
import { ADMIN_ENV, closeAndCompute, JUDGE_PASSWORD, postAsAdmin, PUBLISH_ANYWAY, scoresFor, seedScoredRound } from './lib/judged-round';
import { loopDelayFigure, withLoopDelay } from './lib/loop-delay';
import { figure, percentile, type PartResult } from './lib/report';
import { signInBenchAdmin } from './lib/seeded-server';
import { signInWithCode } from '../tests/setup/second-factor-codes';

const PART = '9. Judging';
/** Issue 24: a round of 10,000 entries with 3 judges each computes in under 1 s; a judge's queue answers p95 < 50 ms. */
const RESULTS_TARGET_S = 1;
const QUEUE_TARGET_MS = 50;
const RUNS = 40;
const WARMUP = 3;

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
    const { openedMs } = await seedScoredRound(ctx, database, options);
    const server = await ctx.startServer(database, ADMIN_ENV);
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
      ctx.log('  closing the round and computing the results ...');
      const { roundId, computedMs } = await closeAndCompute(server, admin);
      const moderationStarted = performance.now();
      // (publishing comes last, below: it queues 10,000 emails the server then writes out)
      // The admin's first look: the whole round computed, its first page of entries sent (issue 49).
      const moderation = await fetch(`${server.url}/api/judging/rounds/${roundId}/moderation`, { headers: { cookie: admin } });
      if (moderation.status !== 200) throw new Error(`the moderation view answered ${moderation.status}`);
      const moderationBody = await moderation.text();
      const moderationBytes = Buffer.byteLength(moderationBody);
      const moderationPage = JSON.parse(moderationBody) as { entries: unknown[]; total: number };
      const moderationMs = performance.now() - moderationStarted;
      ctx.log('  publishing ...');
      const { result: published, delay } = await withLoopDelay(server, () => postAsAdmin(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'results', to: 'published', reason: PUBLISH_ANYWAY }));
      if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${JSON.stringify(published.body).slice(0, 300)}`);
      return {
        part: PART,
        figures: [
          figure(PART, `results of ${options.entries} entries x 3 judges, computed (close -> results)`, computedMs / 1000, {
            unit: 's',
            target: `< ${RESULTS_TARGET_S} s`,
            pass: computedMs / 1000 < RESULTS_TARGET_S,
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
          figure(PART, `opening the round: ${options.entries} entries numbered and given 3 judges each`, openedMs / 1000, { unit: 's' }),
          figure(PART, 'publishing: the results computed again, stored on the round, one email queued per family', published.ms / 1000, {
            unit: 's',
            note: `${(published.body as { emails?: number }).emails ?? 0} emails queued`,
          }),
          loopDelayFigure(PART, 'during the publish', delay),
          figure(PART, `the moderation view: the whole round computed, its first page sent (how each score was reached)`, moderationMs, {
            unit: 'ms',
            note: `${moderationPage.entries.length} of ${moderationPage.total} entries, ${Math.round(moderationBytes / 1024)} KB`,
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
