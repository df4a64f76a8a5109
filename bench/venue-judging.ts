import { sql } from 'drizzle-orm';
import { VENUE_SESSIONS } from '../domain/season';
import { accounts, judges } from '../server/db/schema';
import { hashPassword } from '../server/lib/password';
import { signInWithCode } from '../tests/setup/second-factor-codes';
import type { BenchContext } from './lib/environment';
import { ADMIN_ENV, directDatabase, JUDGE_PASSWORD } from './lib/judged-round';
import { figure, percentile, type PartResult } from './lib/report';
import { runSeed, signInBenchAdmin } from './lib/seeded-server';

const PART = '12. Judging at the venue';
/** Issue 45: a session's results < 200 ms after its last sheet, with 500 sessions of 30 performers and 5 judges stored; the hall screen ≤ 2 s after a publish. */
const TARGET_MS = { results: 200, hall: 2_000 };
/** Every stored session's size. */
const SESSION = { performers: 30, judges: 5 };
const RUNS = 20;
const HALL_POLL_MS = 1_000;

const uniform = (score: number) => ({ technique: score, expression: score, choreography: score, presence: score });

/**
 * 500 live sessions of 30 performers and 5 judges (75,000 sheets) written beside the stopped
 * server; then, on the real server, the last judge's last sheet of the dance session is sent and
 * its status (results and progress) asked at once, RUNS times; then the session is published
 * while a hall screen asks every second as the page does.
 */
export async function measureVenueJudging(ctx: BenchContext, options: { sessions: number }): Promise<Omit<PartResult, 'seconds'>> {
  const session = VENUE_SESSIONS.find((s) => s.judging === 'panel')!;
  const database = await ctx.freshDatabase('venue-judging');
  const children = options.sessions * SESSION.performers;
  ctx.log(`  seeding ${children} registrations, ${options.sessions} sessions, ${children * SESSION.judges} sheets ...`);
  // The seed makes some institutes too: a tenth more registrations than children needed.
  await runSeed(database.env, Math.round(children * 1.1));
  const passwordHash = await hashPassword(JUDGE_PASSWORD, 10);
  const db = await directDatabase(database);
  try {
    const made = await db.db
      .insert(accounts)
      .values(Array.from({ length: SESSION.judges }, (_, k) => ({ username: `stage-judge-${k}`, passwordHash, role: 'judge' as const })))
      .returning({ id: accounts.id });
    await db.db.insert(judges).values(made.map((account) => ({ accountId: account.id, expertise: 'Classical Dancer' })));
    const ids = (await db.rows<{ id: string }>(sql`select id::text as id from registrations where type = 'participant' order by id limit ${children}`)).map((row) => row.id);
    if (ids.length < children) throw new Error(`only ${ids.length} children were seeded`);
    const sessionIds = Array.from({ length: options.sessions }, (_, k) => (k === 0 ? session.id : `bench-session-${k}`));
    for (const [k, sessionId] of sessionIds.entries()) {
      const mine = ids.slice(k * SESSION.performers, (k + 1) * SESSION.performers);
      await db.rows(sql`insert into live_sessions (session_id) values (${sessionId})`);
      await db.rows(sql`insert into session_panels (session_id, judge_id, added_by) select ${sessionId}, id, 'bench' from unnest(${sql.param(made.map((m) => m.id))}::uuid[]) as t(id)`);
      await db.rows(sql`
        insert into running_order (session_id, registration_id, number)
        select ${sessionId}, id, n from unnest(${sql.param(mine)}::uuid[]) with ordinality as t(id, n)`);
      // Every sheet but the dance session's very last one (judge 4, performer 30): that one the bench sends.
      const sheets = mine.flatMap((_, p) => made.map((judge, j) => ({ number: p + 1, judgeId: judge.id, score: 1 + ((p * 7 + j * 3) % 10) }))).filter((s) => !(k === 0 && s.number === SESSION.performers && s.judgeId === made[SESSION.judges - 1]!.id));
      await db.rows(sql`
        insert into live_sheets (session_id, number, judge_id, scores, edited_at)
        select ${sessionId}, number, judge_id, scores::jsonb, now() - interval '1 hour'
        from unnest(${sql.param(sheets.map((s) => s.number))}::int[], ${sql.param(sheets.map((s) => s.judgeId))}::uuid[], ${sql.param(sheets.map((s) => JSON.stringify(uniform(s.score))))}::text[]) as t(number, judge_id, scores)`);
    }
    await db.rows(sql`analyze`);
  } finally {
    await db.close();
  }

  const server = await ctx.startServer(database, ADMIN_ENV);
  try {
    const admin = await signInBenchAdmin(server);
    const judge = await signInWithCode(server.url, { username: `stage-judge-${SESSION.judges - 1}`, password: JUDGE_PASSWORD });
    const headers = (cookie: string) => ({ cookie, origin: server.url, 'x-requested-with': 'fetch', 'content-type': 'application/json' });
    const samples: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const put = await fetch(`${server.url}/api/judge/live/${session.id}/sheets/${SESSION.performers}`, {
        method: 'PUT',
        headers: headers(judge),
        body: JSON.stringify({ scores: uniform(1 + (i % 10)), note: '', recused: false, editedAt: new Date().toISOString() }),
      });
      if (put.status !== 200) throw new Error(`the last sheet answered ${put.status}: ${await put.text()}`);
      const status = await fetch(`${server.url}/api/venue/sessions/${session.id}/live`, { headers: headers(admin) });
      const body = (await status.json()) as { progress: { complete: boolean; fullyScored: number }; performers: { place: number | null }[] };
      if (!body.progress.complete || body.performers.filter((p) => p.place !== null).length !== SESSION.performers) throw new Error(`the session is not complete: ${JSON.stringify(body.progress)}`);
      if (i >= 3) samples.push(performance.now() - started);
    }
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);

    // The hall screen asks every second (with its ETag, as the page does) while the admin publishes.
    ctx.log('  publishing while a hall screen watches ...');
    let etag: string | null = null;
    let seenAt: number | null = null;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const response: Response = await fetch(`${server.url}/api/live/${session.id}`, { headers: etag ? { 'If-None-Match': etag } : {} });
        if (response.status === 200) {
          etag = response.headers.get('ETag');
          const feed = (await response.json()) as { state: string };
          if (feed.state === 'published' && seenAt === null) seenAt = performance.now();
        } else await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, HALL_POLL_MS));
      }
    })();
    const publishStarted = performance.now();
    const published = await fetch(`${server.url}/api/venue/sessions/${session.id}/publish`, { method: 'POST', headers: headers(admin) });
    if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${await published.text()}`);
    const publishedAt = performance.now();
    while (seenAt === null && performance.now() - publishedAt < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
    watching = false;
    await watcher;
    const hallMs = seenAt === null ? null : Math.max(0, (seenAt as number) - publishedAt);
    return {
      part: PART,
      figures: [
        figure(PART, `results after the last sheet, p50 (${options.sessions} sessions × ${SESSION.performers} × ${SESSION.judges} stored)`, Math.round(p50), { unit: 'ms' }),
        figure(PART, 'results after the last sheet, p95', Math.round(p95), { unit: 'ms', target: `< ${TARGET_MS.results} ms`, pass: p95 < TARGET_MS.results }),
        figure(PART, 'publishing the session (emails, certificates, pages)', Math.round(publishedAt - publishStarted), { unit: 'ms' }),
        figure(PART, 'hall screen shows the results after the publish answered', hallMs === null ? null : Math.round(hallMs), {
          unit: 'ms',
          target: `≤ ${TARGET_MS.hall} ms`,
          pass: hallMs !== null && hallMs <= TARGET_MS.hall,
          note: `asked every ${HALL_POLL_MS} ms, as the page does`,
        }),
      ],
    };
  } finally {
    await server.stop();
    server.cleanup();
    await database.dispose();
  }
}
