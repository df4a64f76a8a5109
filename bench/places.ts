import { sql } from 'drizzle-orm';
import { PLACE_RULES, type StageSession } from '../domain/later-levels';
import { VENUE_SESSIONS } from '../domain/season';
import { BY_SYSTEM, deadlineStep, fillPlaces } from '../server/db/stores/places-store';
import type { BenchContext } from './lib/environment';
import { directDatabase } from './lib/judged-round';
import { figure, type PartResult } from './lib/report';
import { runSeed } from './lib/seeded-server';

const PART = '13. Places at the later levels';
/** Issue 46: slots for 5,000 semi-finalists across 200 sessions < 2 s; the waiting-list step after a deadline for 5,000 places < 2 s. */
const TARGET_MS = 2_000;
const SEATS = 25;

/**
 * The semi-finals' invitations at a season's scale, in process against the bench's database (as
 * an instance's deadline job runs them): the published results of the two Level 1 panel sessions
 * for 6-8 give a line of `2 × places` children (the first half qualified); 200 semi-final
 * sessions of 25 seats take them. Then every invitation's answer date passes and the deadline
 * step lapses them all and invites the waiting half.
 */
export async function measurePlaces(ctx: BenchContext, options: { places: number }): Promise<Omit<PartResult, 'seconds'>> {
  // Two pools (dance and singing, 6-8): 100 sessions of 25 seats each, 2 × places children in line.
  const pools = VENUE_SESSIONS.filter((s) => s.levelId === 'level1' && s.judging === 'panel' && s.ageBand === '6-8');
  if (pools.length !== 2) throw new Error(`expected two Level 1 panel sessions for 6-8, found ${pools.length}`);
  const sessionCount = Math.ceil(options.places / SEATS);
  const sessions: StageSession[] = Array.from({ length: sessionCount }, (_, k) => {
    const pool = pools[k % pools.length]!;
    return {
      id: `bench-semi-${k}`,
      levelId: 'level2',
      title: `Bench semi-final ${k}`,
      venue: 'Bench hall',
      date: `2027-08-${String(1 + (Math.floor(k / pools.length) % 28)).padStart(2, '0')}` as StageSession['date'],
      startTime: '09:00',
      categories: pool.categories,
      ageBand: pool.ageBand,
      capacity: SEATS,
    };
  });
  const children = options.places * 2;
  const database = await ctx.freshDatabase('places');
  ctx.log(`  seeding ${children} children with Level 1 results in ${pools.length} pools ...`);
  await runSeed(database.env, Math.round(children * 1.15));
  const db = await directDatabase(database);
  try {
    const ids = (await db.rows<{ id: string }>(sql`select id::text as id from registrations where type = 'participant' order by id limit ${children}`)).map((row) => row.id);
    if (ids.length < children) throw new Error(`only ${ids.length} children were seeded`);
    for (const [p, pool] of pools.entries()) {
      const mine = ids.filter((_, i) => i % pools.length === p);
      const cut = Math.round(mine.length / 2);
      await db.rows(sql`insert into live_sessions (session_id, state, published_at, published_by) values (${pool.id}, 'published', now(), 'bench')`);
      await db.rows(sql`
        insert into session_places (session_id, registration_id, number, final, place, award, qualifies)
        select ${pool.id}, id, n, 100 - n * 0.001, n, case when n <= ${cut} then 'qualified' else 'participated' end, n <= ${cut}
        from unnest(${sql.param(mine)}::uuid[]) with ordinality as t(id, n)`);
    }
    await db.rows(sql`analyze`);

    ctx.log(`  inviting ${options.places} semi-finalists into ${sessionCount} sessions ...`);
    const now = new Date('2027-07-01T10:00:00+05:30');
    let started = performance.now();
    const invited = await fillPlaces(db, 'level2', BY_SYSTEM, now, sessions);
    const inviteMs = performance.now() - started;
    if (invited.invited !== options.places) throw new Error(`${invited.invited} invited, not ${options.places}`);

    ctx.log('  the answer date passes: the deadline step ...');
    const later = new Date(now.getTime() + (PLACE_RULES.answerDays + 1) * 86_400_000);
    started = performance.now();
    const step = await deadlineStep(db, later, BY_SYSTEM, sessions);
    const stepMs = performance.now() - started;
    if (step.lapsed !== options.places || step.invited !== options.places) throw new Error(`the deadline step lapsed ${step.lapsed} and invited ${step.invited}`);
    return {
      part: PART,
      figures: [
        figure(PART, `slots for ${options.places} semi-finalists across ${sessionCount} sessions (line of ${children}, emails, audit)`, Math.round(inviteMs), {
          unit: 'ms',
          target: `< ${TARGET_MS} ms`,
          pass: inviteMs < TARGET_MS,
        }),
        figure(PART, `the waiting-list step after a deadline for ${options.places} places (lapse, invite the next)`, Math.round(stepMs), {
          unit: 'ms',
          target: `< ${TARGET_MS} ms`,
          pass: stepMs < TARGET_MS,
        }),
      ],
    };
  } finally {
    await db.close();
    await database.dispose();
  }
}

