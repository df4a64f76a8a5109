import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CategorySlug } from '../../domain/categories';
import { JUDGE_EXPERTISE } from '../../domain/judge-rules';
import { rubricFor } from '../../domain/judging';
import { openDatabase, type Database } from '../../server/db/client';
import { accounts, entries, judges, judgeScores } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import type { RunningServer } from '../../tests/setup/server-process';
import { TEST_TOTP_SECRET } from '../../tests/setup/second-factor-codes';
import type { BenchContext, FreshDatabase } from './environment';
import { BENCH_ADMIN, runSeed, signInBenchAdmin } from './seeded-server';

export const JUDGE_PASSWORD = 'bench judge password, not for production';
export const SCORED: CategorySlug[] = ['dance', 'singing', 'drawing', 'costume', 'storytelling', 'spelling-bee', 'coloring', 'handwriting', 'art-craft', 'yoga'];
/** The bench's sheets vary by entry and judge, so most entries have judges far apart: publishing needs a reason (issue 49). */
export const PUBLISH_ANYWAY = 'The bench’s judges score far apart by design.';
/** The bench admin's environment for a server of these parts. */
export const ADMIN_ENV = { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET, SCRYPT_LOG_N: '10' };

/** A connection of the bench's own to a part's database (the server stopped, or beside it on Postgres). */
export function directDatabase(database: FreshDatabase, maxConnections = 2): Promise<Database> {
  return openDatabase(database.env.DATABASE_URL ? { kind: 'postgres', url: database.env.DATABASE_URL, maxConnections } : { kind: 'pglite', dataDir: database.env.DATA_DIR! });
}

/** A sheet that varies by entry and judge, so standardising has something to do. */
export function scoresFor(category: CategorySlug, entryIndex: number, judgeIndex: number): Record<string, number> {
  const rubric = rubricFor(category);
  if (rubric.kind !== 'scores') return {};
  return Object.fromEntries(rubric.criteria.map((criterion, c) => [criterion.id, 1 + ((entryIndex * 7 + judgeIndex * 3 + c) % 10)]));
}

export async function postAsAdmin(server: RunningServer, cookie: string, path: string, body: unknown): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'x-requested-with': 'fetch', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  return { status: response.status, ms: performance.now() - started, body: answer };
}

/**
 * A Level 1 round in scoring, every sheet written: `npm run seed` (1.6 x entries), `entries` ready
 * photo entries in the ten scored contests, 30 judges (three per expertise); the real server opens
 * the round (numbers, 3 judges per entry); then 3 sheets per entry are written beside the stopped
 * server, as the judges' phones would have sent them. Answers the opening request's time.
 */
export async function seedScoredRound(ctx: BenchContext, database: FreshDatabase, options: { entries: number }): Promise<{ openedMs: number }> {
  ctx.log(`  seeding ${Math.round(options.entries * 1.6)} registrations and ${options.entries} ready entries ...`);
  await runSeed(database.env, Math.round(options.entries * 1.6));
  const passwordHash = await hashPassword(JUDGE_PASSWORD, 10);
  let db = await directDatabase(database);
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

  const server = await ctx.startServer(database, ADMIN_ENV);
  let openedMs: number;
  try {
    const admin = await signInBenchAdmin(server);
    ctx.log('  opening the round (numbers and judges for every entry) ...');
    const opened = await postAsAdmin(server, admin, '/api/judging/rounds', { levelId: 'level1' });
    if ((opened.body as { added?: number }).added !== options.entries) throw new Error(`opening the round answered ${JSON.stringify(opened.body).slice(0, 300)}`);
    openedMs = opened.ms;
  } finally {
    await server.stop();
    server.cleanup();
  }

  // Every judge scores every entry they were given (written beside the stopped server, as the judges' phones would have).
  ctx.log('  writing 3 sheets per entry ...');
  db = await directDatabase(database);
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
  return { openedMs };
}

/** The admin closes the scored round and has its results computed; answers the round's id. */
export async function closeAndCompute(server: RunningServer, admin: string): Promise<{ roundId: string; computedMs: number }> {
  const roundId = ((await (await fetch(`${server.url}/api/judging/rounds/level1`, { headers: { cookie: admin } })).json()) as { round: { id: string } }).round.id;
  const closed = await postAsAdmin(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'scoring', to: 'closed' });
  if (closed.status !== 200) throw new Error(`closing answered ${closed.status}`);
  const computed = await postAsAdmin(server, admin, `/api/judging/rounds/${roundId}/state`, { from: 'closed', to: 'results' });
  if (computed.status !== 200) throw new Error(`computing answered ${computed.status}: ${JSON.stringify(computed.body).slice(0, 300)}`);
  return { roundId, computedMs: computed.ms };
}
