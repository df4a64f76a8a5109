import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CategorySlug } from '@domain/categories';
import { assignPool, normaliseInstitute, oneMoreJudge, type AssignableJudge } from '@domain/judge-assignment';
import { judgingAgeBand, rubricFor, type Expertise, type RoundSettings, type RoundState } from '@domain/judging';
import { strongestCriteria } from '@domain/family-feedback';
import { computeResults, type EntryResult, type JudgeStats, type ScoreSheet } from '@domain/judging-results';
import { judgeReminderDue, type JudgeReminderDays, type LevelId } from '@domain/season';
import { PIECE_ROWS, workInSlices, type Pieces } from '../../lib/people-first';
import { rowsOf, type Db } from '../client';
import { accountInvites, accounts, entries, entryFiles, judgeApplications, judgeAssignments, judges, judgeScores, judgingRounds, levelOffers, mailOutbox, registrations, roundEntries } from '../schema';

/**
 * The judging round's data (issue 24, ADR 027): judges and their conflicts, rounds and the entries
 * in them, who judges what, and the judges' score sheets. What a judge is sent is chosen here
 * (`judgeQueue`): an entry's blind number, contest, age band and files, never who the child is.
 */

export type RoundRow = typeof judgingRounds.$inferSelect;

/** Raw SQL's rows, the same on both drivers (PGlite answers `{ rows }`, postgres.js an array). */
export async function judgeProfile(db: Db, accountId: string) {
  const [row] = await db.select({ expertise: judges.expertise, conflicts: judges.conflicts }).from(judges).where(eq(judges.accountId, accountId));
  return row ?? null;
}

/** Stores a judge's conflicts (normalised, without repeats) and steps them back from unscored entries they now conflict with. */
export async function setConflicts(db: Db, accountId: string, names: readonly string[]): Promise<{ conflicts: string[]; steppedBack: number }> {
  const conflicts = [...new Set(names.map(normaliseInstitute).filter((name) => name.length > 0))];
  return db.transaction(async (tx) => {
    await tx.update(judges).set({ conflicts }).where(eq(judges.accountId, accountId));
    if (conflicts.length === 0) return { conflicts, steppedBack: 0 };
    const clashing = await tx
      .select({ roundId: judgeAssignments.roundId, entryId: judgeAssignments.entryId })
      .from(judgeAssignments)
      .innerJoin(roundEntries, and(eq(roundEntries.roundId, judgeAssignments.roundId), eq(roundEntries.entryId, judgeAssignments.entryId)))
      .innerJoin(judgingRounds, eq(judgingRounds.id, judgeAssignments.roundId))
      .where(
        and(
          eq(judgeAssignments.judgeId, accountId),
          eq(judgeAssignments.status, 'active'),
          eq(judgingRounds.state, 'scoring'),
          inArray(roundEntries.institute, conflicts),
          sql`not exists (select 1 from ${judgeScores} s where s.round_id = ${judgeAssignments.roundId} and s.entry_id = ${judgeAssignments.entryId} and s.judge_id = ${accountId})`,
        ),
      );
    for (const { roundId, entryId } of clashing) await stepBack(tx as unknown as Db, roundId, entryId, accountId, 'recused');
    return { conflicts, steppedBack: clashing.length };
  });
}

/** Every judge who may be given entries: a judge account that is not disabled. */
export async function assignableJudges(db: Db): Promise<AssignableJudge[]> {
  const rows = await db
    .select({ id: accounts.id, expertise: judges.expertise, conflicts: judges.conflicts })
    .from(judges)
    .innerJoin(accounts, eq(accounts.id, judges.accountId))
    .where(
      and(
        eq(accounts.role, 'judge'),
        isNull(accounts.disabledAt),
        // An invited judge takes entries once they have set their password (a judge made with `npm run admin` has no invitation).
        sql`(not exists (select 1 from ${accountInvites} i where i.account_id = ${accounts.id})
          or exists (select 1 from ${accountInvites} i where i.account_id = ${accounts.id} and i.used_at is not null))`,
      ),
    );
  return rows.map((row) => ({ id: row.id, expertise: row.expertise as Expertise, conflicts: row.conflicts }));
}

export async function roundOfLevel(db: Db, levelId: LevelId): Promise<RoundRow | null> {
  const [row] = await db.select().from(judgingRounds).where(eq(judgingRounds.levelId, levelId));
  return row ?? null;
}

export async function findRound(db: Db, roundId: string): Promise<RoundRow | null> {
  const [row] = await db.select().from(judgingRounds).where(eq(judgingRounds.id, roundId));
  return row ?? null;
}

/** Opens a level's round (once: opening it again answers the same round). */
export async function openRound(db: Db, levelId: LevelId, settings: RoundSettings): Promise<RoundRow> {
  await db.insert(judgingRounds).values({ id: randomUUID(), levelId, settings }).onConflictDoNothing({ target: judgingRounds.levelId });
  return (await roundOfLevel(db, levelId))!;
}

/**
 * Moves a round from one state to the next; false when it is not in `from` any more (another admin
 * moved it). Publishing is this one small statement: the results were stored before it, and
 * families read only a published round's (publishedResultsOf).
 */
export async function moveRound(db: Db, roundId: string, from: RoundState, to: RoundState, now: Date): Promise<boolean> {
  const at = now.toISOString();
  // A published round's `publishedAt` is stamped once its emails and certificates are done (markPublished).
  const stamp = to === 'closed' ? { closedAt: at } : to === 'results' ? { resultsAt: at } : {};
  const moved = await db
    .update(judgingRounds)
    .set({ state: to, ...stamp })
    .where(and(eq(judgingRounds.id, roundId), eq(judgingRounds.state, from)))
    .returning({ id: judgingRounds.id });
  return moved.length === 1;
}

const poolOf = (category: string, ageBand: string) => `${category}:${ageBand}`;

/** Adds to the list under `key` (lists of thousands: never copied). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Puts every ready entry of the round's level that is not in it yet into the round, with the next
 * blind numbers, and gives each its judges. Entries of a measured contest (the baby contests) and
 * of a removed or cancelled registration stay out. Runs under a lock on the round, so two admins
 * pressing the button at once add each entry once.
 */
export async function addReadyEntries(db: Db, round: RoundRow): Promise<{ added: number; short: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${judgingRounds} where ${judgingRounds.id} = ${round.id} for update`);
    const waiting = await tx
      .select({
        entryId: entries.id,
        category: entries.category,
        age: registrations.age,
        ageUnit: registrations.ageUnit,
        institute: registrations.instituteName,
      })
      .from(entries)
      .innerJoin(registrations, eq(registrations.id, entries.registrationId))
      .where(
        and(
          eq(entries.levelId, round.levelId),
          eq(entries.status, 'ready'),
          isNull(registrations.deletedAt),
          isNull(registrations.cancelledAt),
          sql`not exists (select 1 from ${roundEntries} r where r.round_id = ${round.id} and r.entry_id = ${entries.id})`,
        ),
      )
      .orderBy(asc(entries.receivedAt), asc(entries.id));
    const [top] = await rowsOf<{ last: number }>(tx as unknown as Db, sql`select coalesce(max(number), 0)::int as last from ${roundEntries} where round_id = ${round.id}`);
    let number = Number(top?.last ?? 0);
    const rows: (typeof roundEntries.$inferInsert)[] = [];
    for (const entry of waiting) {
      const category = entry.category as CategorySlug;
      if (rubricFor(category).kind !== 'scores') continue;
      const years = entry.ageUnit === 'months' ? Math.floor((entry.age ?? 0) / 12) : (entry.age ?? 0);
      const ageBand = judgingAgeBand(years);
      if (!ageBand) continue;
      rows.push({ roundId: round.id, entryId: entry.entryId, number: ++number, category, ageBand, institute: entry.institute ? normaliseInstitute(entry.institute) : null });
    }
    if (rows.length === 0) return { added: 0, short: 0 };
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(roundEntries).values(rows.slice(i, i + 1000));

    const settings = round.settings as RoundSettings;
    const judgesNow = await assignableJudges(tx as unknown as Db);
    const loads = await poolLoads(tx as unknown as Db, round.id);
    const pools = new Map<string, typeof rows>();
    for (const row of rows) pushTo(pools, poolOf(row.category, row.ageBand), row);
    const assignments: (typeof judgeAssignments.$inferInsert)[] = [];
    let short = 0;
    for (const [pool, members] of pools) {
      const category = members[0]!.category as CategorySlug;
      const given = assignPool(
        category,
        members.map((row) => ({ id: row.entryId, institute: row.institute ?? null })),
        judgesNow,
        settings.judgesPerEntry,
        loads.get(pool) ?? new Map(),
      );
      for (const assignment of given) {
        if (assignment.short) short++;
        for (const judgeId of assignment.judgeIds) assignments.push({ roundId: round.id, entryId: assignment.entryId, judgeId, reason: 'assigned' });
      }
    }
    for (let i = 0; i < assignments.length; i += 1000) await tx.insert(judgeAssignments).values(assignments.slice(i, i + 1000));
    return { added: rows.length, short };
  });
}

/** Per pool, how many active entries each judge has: what keeps new work even. */
async function poolLoads(db: Db, roundId: string): Promise<Map<string, Map<string, number>>> {
  const rows = await db
    .select({ category: roundEntries.category, ageBand: roundEntries.ageBand, judgeId: judgeAssignments.judgeId, count: sql<number>`count(*)::int` })
    .from(judgeAssignments)
    .innerJoin(roundEntries, and(eq(roundEntries.roundId, judgeAssignments.roundId), eq(roundEntries.entryId, judgeAssignments.entryId)))
    .where(and(eq(judgeAssignments.roundId, roundId), eq(judgeAssignments.status, 'active')))
    .groupBy(roundEntries.category, roundEntries.ageBand, judgeAssignments.judgeId);
  const loads = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const pool = poolOf(row.category, row.ageBand);
    if (!loads.has(pool)) loads.set(pool, new Map());
    loads.get(pool)!.set(row.judgeId, Number(row.count));
  }
  return loads;
}

/**
 * Takes a judge off an entry (they recused, or an admin removed them), forgets their sheet, and
 * gives the entry one more fitting judge who has not been on it. Returns the new judge, or null
 * when nobody fits (the admins' view then shows the entry short of judges).
 */
export async function stepBack(db: Db, roundId: string, entryId: string, judgeId: string, status: 'recused' | 'removed'): Promise<string | null> {
  const changed = await db
    .update(judgeAssignments)
    .set({ status })
    .where(and(eq(judgeAssignments.roundId, roundId), eq(judgeAssignments.entryId, entryId), eq(judgeAssignments.judgeId, judgeId), eq(judgeAssignments.status, 'active')))
    .returning({ judgeId: judgeAssignments.judgeId });
  if (changed.length === 0) return null;
  await db.delete(judgeScores).where(and(eq(judgeScores.roundId, roundId), eq(judgeScores.entryId, entryId), eq(judgeScores.judgeId, judgeId)));
  return addJudge(db, roundId, entryId, status === 'recused' ? 'recusal' : 'admin');
}

/** One more judge for an entry (after a recusal, or when its judges disagree); null when nobody fits. */
export async function addJudge(db: Db, roundId: string, entryId: string, reason: 'recusal' | 'disagreement' | 'admin'): Promise<string | null> {
  const [entry] = await db.select().from(roundEntries).where(and(eq(roundEntries.roundId, roundId), eq(roundEntries.entryId, entryId)));
  if (!entry) return null;
  const everOn = await db.select({ judgeId: judgeAssignments.judgeId }).from(judgeAssignments).where(and(eq(judgeAssignments.roundId, roundId), eq(judgeAssignments.entryId, entryId)));
  const loads = (await poolLoads(db, roundId)).get(poolOf(entry.category, entry.ageBand)) ?? new Map<string, number>();
  const judgeId = oneMoreJudge(
    entry.category as CategorySlug,
    { id: entryId, institute: entry.institute },
    await assignableJudges(db),
    loads,
    new Set(everOn.map((row) => row.judgeId)),
  );
  if (judgeId) await db.insert(judgeAssignments).values({ roundId, entryId, judgeId, reason });
  return judgeId;
}

/**
 * A judge's queue in the level's round (read-only once scoring closed): for each entry they judge, its
 * blind number, contest, age band, kind, length and files, and their own sheet if they saved one.
 * Nothing here says who the child is (checked by server/routes/judging/judging.routes.test.ts).
 */
/** A judge's queue comes in pages of this many entries (the judge's page reads them all, one after another). */
export const QUEUE_PAGE = 200;

export async function judgeQueue(db: Db, judgeId: string, page: { after?: number; limit?: number } = {}) {
  const after = page.after ?? 0;
  const limit = page.limit ?? QUEUE_PAGE;
  const rows = await db
    .select({
      roundId: judgingRounds.id,
      levelId: judgingRounds.levelId,
      state: judgingRounds.state,
      entryId: roundEntries.entryId,
      number: roundEntries.number,
      category: roundEntries.category,
      ageBand: roundEntries.ageBand,
      kind: entries.kind,
      durationSeconds: entries.durationSeconds,
      // In the same query: a queue is a thousand entries, and a second query would name them all.
      files: sql<{ position: number; bytes: number | null; hasPoster: boolean }[] | null>`(
        select json_agg(json_build_object('position', f.position, 'bytes', f.bytes, 'hasPoster', f.poster_key is not null) order by f.position)
        from ${entryFiles} f where f.entry_id = ${roundEntries.entryId} and f.media_key is not null)`,
      scores: judgeScores.scores,
      comment: judgeScores.comment,
      familyNote: judgeScores.familyNote,
      editedAt: judgeScores.editedAt,
    })
    .from(judgeAssignments)
    .innerJoin(judgingRounds, eq(judgingRounds.id, judgeAssignments.roundId))
    .innerJoin(roundEntries, and(eq(roundEntries.roundId, judgeAssignments.roundId), eq(roundEntries.entryId, judgeAssignments.entryId)))
    .innerJoin(entries, eq(entries.id, judgeAssignments.entryId))
    .leftJoin(
      judgeScores,
      and(eq(judgeScores.roundId, judgeAssignments.roundId), eq(judgeScores.entryId, judgeAssignments.entryId), eq(judgeScores.judgeId, judgeAssignments.judgeId)),
    )
    .where(and(eq(judgeAssignments.judgeId, judgeId), eq(judgeAssignments.status, 'active'), gt(roundEntries.number, after)))
    .orderBy(asc(roundEntries.number))
    .limit(limit + 1);
  const more = rows.length > limit;
  if (more) rows.pop();
  const first = rows[0];
  return {
    round: first ? { id: first.roundId, levelId: first.levelId as LevelId, state: first.state as RoundState } : null,
    entries: rows.map((row) => ({
      entryId: row.entryId,
      number: row.number,
      category: row.category as CategorySlug,
      ageBand: row.ageBand,
      kind: row.kind,
      durationSeconds: row.durationSeconds,
      files: (row.files ?? []).map((file) => ({ position: Number(file.position), bytes: file.bytes === null ? null : Number(file.bytes), hasPoster: Boolean(file.hasPoster) })),
      sheet: row.scores ? { scores: row.scores, comment: row.comment ?? '', familyNote: row.familyNote ?? '', editedAt: new Date(row.editedAt!).toISOString() } : null,
    })),
    /** The number to ask `after` for the next page, or null on the last one. */
    next: more ? rows.at(-1)!.number : null,
  };
}

export type JudgeQueue = Awaited<ReturnType<typeof judgeQueue>>;

/** The judge's active assignment to an entry, with its round's state and contest; null when they do not judge it. */
export async function assignmentOf(db: Db, judgeId: string, entryId: string) {
  const [row] = await db
    .select({ roundId: judgingRounds.id, state: judgingRounds.state, category: roundEntries.category })
    .from(judgeAssignments)
    .innerJoin(judgingRounds, eq(judgingRounds.id, judgeAssignments.roundId))
    .innerJoin(roundEntries, and(eq(roundEntries.roundId, judgeAssignments.roundId), eq(roundEntries.entryId, judgeAssignments.entryId)))
    .where(and(eq(judgeAssignments.judgeId, judgeId), eq(judgeAssignments.entryId, entryId), eq(judgeAssignments.status, 'active')))
    .orderBy(asc(judgingRounds.openedAt))
    .limit(1);
  return row ? { ...row, state: row.state as RoundState, category: row.category as CategorySlug } : null;
}

/**
 * Stores a judge's sheet; the judge's last edit wins (the newer `editedAt`), so a sheet saved offline
 * and sent after a newer one changes nothing, and the same sheet sent twice is stored once.
 * Refused in the database too when the round is no longer scoring (a close racing a save).
 */
export async function saveSheet(
  db: Db,
  at: { roundId: string; entryId: string; judgeId: string },
  sheet: { scores: Record<string, number>; comment: string; familyNote: string; editedAt: string },
): Promise<'saved' | 'older' | 'closed'> {
  // A rewritten note to the family drops an admin's wording of the old one (a hidden note stays hidden).
  const [row] = await rowsOf<{ outcome: 'saved' | 'older' | 'closed' }>(db, sql`
    with open_round as (
      select id from ${judgingRounds} where id = ${at.roundId} and state = 'scoring' for share
    ), saved as (
      insert into ${judgeScores} (round_id, entry_id, judge_id, scores, comment, family_note, edited_at)
      select ${at.roundId}, ${at.entryId}, ${at.judgeId}, ${JSON.stringify(sheet.scores)}::jsonb, ${sheet.comment || null}, ${sheet.familyNote || null}, ${sheet.editedAt}::timestamptz
      from open_round
      on conflict (round_id, entry_id, judge_id) do update
        set scores = excluded.scores, comment = excluded.comment, family_note = excluded.family_note,
          family_note_moderated = case when ${judgeScores.familyNote} is not distinct from excluded.family_note then ${judgeScores.familyNoteModerated} end,
          edited_at = excluded.edited_at, received_at = now()
        where ${judgeScores.editedAt} <= excluded.edited_at
      returning 1
    )
    select case
      when not exists (select 1 from open_round) then 'closed'
      when exists (select 1 from saved) then 'saved'
      else 'older' end as outcome`);
  return row!.outcome;
}

/**
 * The round's entries, and every active assignment with its sheet if there is one: the sheets
 * that count (a judge who stepped back or was removed no longer counts) and how many judges each
 * entry has, in one walk over the assignments.
 */
async function roundInput(db: Db, roundId: string) {
  const pool = await db
    .select({ entryId: roundEntries.entryId, number: roundEntries.number, category: roundEntries.category, ageBand: roundEntries.ageBand })
    .from(roundEntries)
    .where(eq(roundEntries.roundId, roundId))
    .orderBy(asc(roundEntries.number));
  // A page at a time in the key's order (issue 47): a round of 10,000 entries has 30,000
  // assignments, and one statement reading them all would hold PGlite's one connection meanwhile.
  const panel: { entryId: string; judgeId: string; scores: Record<string, number> | null }[] = [];
  const pageSize = PIECE_ROWS * 4;
  for (let after = { entryId: NO_UUID, judgeId: NO_UUID }; ; ) {
    const page = await db
      .select({ entryId: judgeAssignments.entryId, judgeId: judgeAssignments.judgeId, scores: judgeScores.scores })
      .from(judgeAssignments)
      .leftJoin(
        judgeScores,
        and(eq(judgeScores.roundId, judgeAssignments.roundId), eq(judgeScores.entryId, judgeAssignments.entryId), eq(judgeScores.judgeId, judgeAssignments.judgeId)),
      )
      .where(
        and(
          sql`(${judgeAssignments.roundId}, ${judgeAssignments.entryId}, ${judgeAssignments.judgeId}) > (${roundId}::uuid, ${after.entryId}::uuid, ${after.judgeId}::uuid)`,
          eq(judgeAssignments.roundId, roundId),
          eq(judgeAssignments.status, 'active'),
        ),
      )
      .orderBy(asc(judgeAssignments.roundId), asc(judgeAssignments.entryId), asc(judgeAssignments.judgeId))
      .limit(pageSize);
    for (const row of page) panel.push(row);
    const last = page[page.length - 1];
    if (!last || page.length < pageSize) break;
    after = last;
  }
  const assigned = new Map<string, number>();
  for (const row of panel) assigned.set(row.entryId, (assigned.get(row.entryId) ?? 0) + 1);
  const sheets = panel.filter((row): row is typeof row & { scores: Record<string, number> } => row.scores !== null);
  return { pool, sheets, assigned };
}

/** Below every uuid: where a walk in key order starts. */
const NO_UUID = '00000000-0000-0000-0000-000000000000';

export type RoundResults = {
  entries: (EntryResult & { number: number; category: CategorySlug; ageBand: string; judgesAssigned: number })[];
  judges: (JudgeStats & { category: CategorySlug })[];
};

/** The round's results as they stand: per contest, computed from the sheets (domain/judging-results.ts). */
export async function computeRound(db: Db, round: RoundRow): Promise<RoundResults> {
  const { pool, sheets, assigned: assignedOf } = await roundInput(db, round.id);
  const settings = round.settings as RoundSettings;
  const byCategory = new Map<string, typeof pool>();
  for (const entry of pool) pushTo(byCategory, entry.category, entry);
  const sheetsOf = new Map<string, ScoreSheet[]>();
  const categoryOf = new Map(pool.map((entry) => [entry.entryId, entry.category]));
  for (const sheet of sheets) {
    const category = categoryOf.get(sheet.entryId);
    if (category) pushTo(sheetsOf, category, { entryId: sheet.entryId, judgeId: sheet.judgeId, scores: sheet.scores });
  }
  const results: RoundResults = { entries: [], judges: [] };
  for (const [category, members] of byCategory) {
    const rubric = rubricFor(category as CategorySlug);
    if (rubric.kind !== 'scores') continue;
    const computed = computeResults({
      criteria: rubric.criteria,
      entries: members.map((entry) => ({ id: entry.entryId, pool: poolOf(entry.category, entry.ageBand) })),
      sheets: sheetsOf.get(category) ?? [],
      settings,
    });
    const info = new Map(members.map((entry) => [entry.entryId, entry]));
    for (const result of computed.entries) {
      const entry = info.get(result.entryId)!;
      results.entries.push({ ...result, number: entry.number, category: category as CategorySlug, ageBand: entry.ageBand, judgesAssigned: assignedOf.get(result.entryId) ?? 0 });
    }
    for (const judge of computed.judges) results.judges.push({ ...judge, category: category as CategorySlug });
  }
  results.entries.sort((a, b) => a.number - b.number);
  return results;
}

/** Keeps the computed results on the round's entries (what publishing announces and the families' pages show). */
export async function storeResults(db: Db, roundId: string, results: RoundResults, work: Pieces = {}): Promise<void> {
  const size = work.size ?? PIECE_ROWS;
  const slices = work.slices ?? workInSlices();
  // A piece at a time, each its own statement (issue 47): the round is not published yet, so no
  // family reads them, and a publish that stopped midway writes them all again.
  for (let i = 0; i < results.entries.length; i += size) {
    if (i > 0) await slices.between();
    const slice = results.entries.slice(i, i + size);
    // Booleans go as text: postgres.js sends a JS boolean[] in a form Postgres will not cast to bool[].
    await db.execute(sql`
      update ${roundEntries} as r set
        final = v.final, place = v.place, qualifies = v.qualifies::bool, flagged = v.flagged::bool, detail = v.detail::jsonb
      from (
        select * from unnest(
          ${sql.param(slice.map((entry) => entry.entryId))}::uuid[],
          ${sql.param(slice.map((entry) => entry.final))}::float8[],
          ${sql.param(slice.map((entry) => entry.place))}::int[],
          ${sql.param(slice.map((entry) => String(entry.qualifies)))}::text[],
          ${sql.param(slice.map((entry) => String(entry.flagged)))}::text[],
          ${sql.param(slice.map((entry) => JSON.stringify(entry.judges)))}::text[]
        ) as t(entry_id, final, place, qualifies, flagged, detail)
      ) as v
      where r.round_id = ${roundId} and r.entry_id = v.entry_id`);
  }
}

/**
 * Queues one result email per live registration with an entry in the round (once, however often
 * this runs: a unique index), a piece of registrations per statement. Returns how many it queued.
 */
export async function queueResultEmails(db: Db, roundId: string, work: Pieces = {}): Promise<number> {
  const size = work.size ?? PIECE_ROWS;
  const slices = work.slices ?? workInSlices();
  const families = await rowsOf<{ id: string }>(db, sql`
    select distinct e.registration_id::text as id from ${roundEntries} r join ${entries} e on e.id = r.entry_id
    where r.round_id = ${roundId} order by 1`);
  let queued = 0;
  for (let i = 0; i < families.length; i += size) {
    await slices.between();
    const rows = await rowsOf<{ id: string }>(db, sql`
      insert into ${mailOutbox} (registration_id, template, reason, judging_round_id)
      select g.id, 'round-result', 'round-published', ${roundId}::uuid
      from ${registrations} g
      where g.id = any(${sql.param(families.slice(i, i + size).map((family) => family.id))}::uuid[]) and g.deleted_at is null
      on conflict do nothing
      returning id`);
    queued += rows.length;
  }
  return queued;
}

/** Stamps a published round once its emails and certificates are done; until then the publish job finishes it (publish-round.ts). */
export async function markPublished(db: Db, roundId: string, now: Date): Promise<void> {
  await db
    .update(judgingRounds)
    .set({ publishedAt: now.toISOString() })
    .where(and(eq(judgingRounds.id, roundId), eq(judgingRounds.state, 'published'), isNull(judgingRounds.publishedAt)));
}

/** Published rounds whose emails and certificates may not all be done (the process stopped midway). */
export async function unfinishedPublishes(db: Db): Promise<RoundRow[]> {
  return db.select().from(judgingRounds).where(and(eq(judgingRounds.state, 'published'), isNull(judgingRounds.publishedAt)));
}

/** A family's published results: per contest, the score, place and whether the child goes through. */
export async function publishedResultsOf(db: Db, registrationId: string, roundId?: string) {
  return db
    .select({
      roundId: judgingRounds.id,
      entryId: roundEntries.entryId,
      levelId: judgingRounds.levelId,
      category: roundEntries.category,
      ageBand: roundEntries.ageBand,
      final: roundEntries.final,
      place: roundEntries.place,
      qualifies: roundEntries.qualifies,
      pool: sql<number>`(select count(*)::int from ${roundEntries} o where o.round_id = ${roundEntries.roundId} and o.category = ${roundEntries.category} and o.age_band = ${roundEntries.ageBand} and o.final is not null)`,
    })
    .from(roundEntries)
    .innerJoin(judgingRounds, eq(judgingRounds.id, roundEntries.roundId))
    .innerJoin(entries, eq(entries.id, roundEntries.entryId))
    .where(
      and(eq(entries.registrationId, registrationId), eq(judgingRounds.state, 'published'), ...(roundId ? [eq(judgingRounds.id, roundId)] : [])),
    )
    .orderBy(asc(roundEntries.category));
}

/** The sheets that count for these entries (active judges only), with each note to the family as moderated. */
async function countingSheets(db: Db, where: SQL) {
  return db
    .select({
      entryId: judgeScores.entryId,
      judgeId: judgeScores.judgeId,
      scores: judgeScores.scores,
      familyNote: judgeScores.familyNote,
      familyNoteModerated: judgeScores.familyNoteModerated,
      familyNoteHidden: judgeScores.familyNoteHidden,
    })
    .from(judgeScores)
    .innerJoin(
      judgeAssignments,
      and(eq(judgeAssignments.roundId, judgeScores.roundId), eq(judgeAssignments.entryId, judgeScores.entryId), eq(judgeAssignments.judgeId, judgeScores.judgeId)),
    )
    .where(and(eq(judgeAssignments.status, 'active'), where))
    .orderBy(asc(judgeScores.entryId), asc(judgeScores.judgeId));
}

/** What the family reads of a note: the admin's wording if there is one, nothing if it is hidden or empty. */
export function noteForFamily(sheet: { familyNote: string | null; familyNoteModerated: string | null; familyNoteHidden: boolean }): string | null {
  if (sheet.familyNoteHidden) return null;
  return sheet.familyNoteModerated ?? sheet.familyNote ?? null;
}

/**
 * Beside a published result (issue 49): the judges' visible notes to the family, and the child's
 * strongest criteria (domain/family-feedback.ts), per entry of the round.
 */
export async function familyFeedbackOf(db: Db, results: readonly { roundId: string; entryId: string; category: string }[]) {
  const feedback = new Map<string, { notes: string[]; strongest: string[] }>();
  if (results.length === 0) return feedback;
  const sheets = await countingSheets(
    db,
    or(...results.map((result) => and(eq(judgeScores.roundId, result.roundId), eq(judgeScores.entryId, result.entryId))))!,
  );
  for (const result of results) {
    const own = sheets.filter((sheet) => sheet.entryId === result.entryId);
    const rubric = rubricFor(result.category as CategorySlug);
    feedback.set(result.entryId, {
      notes: own.flatMap((sheet) => noteForFamily(sheet) ?? []),
      strongest: rubric.kind === 'scores' ? strongestCriteria(rubric.criteria, own.map((sheet) => sheet.scores)) : [],
    });
  }
  return feedback;
}

/** Every note to the family in a round, as written and as moderated (the admins' moderation view). */
export async function familyNotesOf(db: Db, roundId: string) {
  const sheets = await countingSheets(db, and(eq(judgeScores.roundId, roundId), isNotNull(judgeScores.familyNote))!);
  const notes = new Map<string, { judgeId: string; written: string; moderated: string | null; hidden: boolean }[]>();
  for (const sheet of sheets) {
    pushTo(notes, sheet.entryId, { judgeId: sheet.judgeId, written: sheet.familyNote!, moderated: sheet.familyNoteModerated, hidden: sheet.familyNoteHidden });
  }
  return notes;
}

/**
 * An admin's wording of one note (null: the judge's own again) and whether it is hidden. Answers
 * the note before and after, or null when that judge wrote no note to this entry.
 */
export async function moderateFamilyNote(db: Db, at: { roundId: string; entryId: string; judgeId: string }, change: { text: string | null; hidden: boolean }) {
  return db.transaction(async (tx) => {
    const where = and(eq(judgeScores.roundId, at.roundId), eq(judgeScores.entryId, at.entryId), eq(judgeScores.judgeId, at.judgeId), isNotNull(judgeScores.familyNote));
    const [before] = await tx
      .select({ written: judgeScores.familyNote, moderated: judgeScores.familyNoteModerated, hidden: judgeScores.familyNoteHidden })
      .from(judgeScores)
      .where(where)
      .for('update');
    if (!before) return null;
    // The judge's own words given back as the "edit" are no edit.
    const moderated = change.text === null || change.text === before.written ? null : change.text;
    await tx.update(judgeScores).set({ familyNoteModerated: moderated, familyNoteHidden: change.hidden }).where(where);
    return { before: { text: before.moderated, hidden: before.hidden }, after: { text: moderated, hidden: change.hidden }, written: before.written! };
  });
}

/** Per judge: how many entries they have, how many they scored and when last, and their emails' language (the admins' progress view). */
export async function judgeProgress(db: Db, roundId: string | null) {
  const rows = await db
    .select({
      judgeId: accounts.id,
      username: accounts.username,
      expertise: judges.expertise,
      conflicts: judges.conflicts,
      disabled: sql<boolean>`${accounts.disabledAt} is not null`,
      assigned: sql<number>`count(${judgeAssignments.entryId}) filter (where ${judgeAssignments.status} = 'active')::int`,
      scored: sql<number>`count(${judgeScores.entryId}) filter (where ${judgeAssignments.status} = 'active')::int`,
      recused: sql<number>`count(${judgeAssignments.entryId}) filter (where ${judgeAssignments.status} = 'recused')::int`,
      // When their last sheet that still counts reached us (the server's clock, not their device's).
      lastScoredAt: sql<string | null>`max(${judgeScores.receivedAt}) filter (where ${judgeAssignments.status} = 'active')`,
      language: judges.language,
    })
    .from(judges)
    .innerJoin(accounts, eq(accounts.id, judges.accountId))
    .leftJoin(judgeAssignments, and(eq(judgeAssignments.judgeId, judges.accountId), roundId ? eq(judgeAssignments.roundId, roundId) : sql`false`))
    .leftJoin(
      judgeScores,
      and(eq(judgeScores.roundId, judgeAssignments.roundId), eq(judgeScores.entryId, judgeAssignments.entryId), eq(judgeScores.judgeId, judgeAssignments.judgeId)),
    )
    .groupBy(accounts.id, accounts.username, judges.expertise, judges.conflicts, judges.language, accounts.disabledAt)
    .orderBy(asc(accounts.username));
  return rows.map((row) => ({
    ...row,
    assigned: Number(row.assigned),
    scored: Number(row.scored),
    recused: Number(row.recused),
    disabled: Boolean(row.disabled),
    lastScoredAt: row.lastScoredAt ? new Date(row.lastScoredAt).toISOString() : null,
  }));
}

/** Who judges each entry of a round (usernames), for the admins' moderation view. */
export async function panelsOf(db: Db, roundId: string): Promise<Map<string, { judgeId: string; username: string; status: string; scored: boolean }[]>> {
  const rows = await db
    .select({
      entryId: judgeAssignments.entryId,
      judgeId: judgeAssignments.judgeId,
      username: accounts.username,
      status: judgeAssignments.status,
      scored: sql<boolean>`${judgeScores.judgeId} is not null`,
    })
    .from(judgeAssignments)
    .innerJoin(accounts, eq(accounts.id, judgeAssignments.judgeId))
    .leftJoin(
      judgeScores,
      and(eq(judgeScores.roundId, judgeAssignments.roundId), eq(judgeScores.entryId, judgeAssignments.entryId), eq(judgeScores.judgeId, judgeAssignments.judgeId)),
    )
    .where(eq(judgeAssignments.roundId, roundId));
  const panels = new Map<string, { judgeId: string; username: string; status: string; scored: boolean }[]>();
  for (const row of rows) pushTo(panels, row.entryId, { ...row, scored: Boolean(row.scored) });
  return panels;
}

/** A family's published results, each with the child's place at the semi-finals in its contest (issue 46), if any. */
export async function familyResults(db: Db, registrationId: string) {
  const [results, places] = await Promise.all([
    publishedResultsOf(db, registrationId),
    db.select({ category: levelOffers.category, levelId: levelOffers.levelId, state: levelOffers.state }).from(levelOffers).where(eq(levelOffers.registrationId, registrationId)),
  ]);
  const feedback = await familyFeedbackOf(db, results);
  return results.map((result) => {
    const place = places.find((p) => p.category === result.category && p.levelId === 'level2');
    return {
      ...(feedback.get(result.entryId) ?? { notes: [], strongest: [] }),
      levelId: result.levelId as LevelId,
      category: result.category as CategorySlug,
      ageBand: result.ageBand,
      final: result.final,
      place: result.place,
      pool: Number(result.pool),
      qualifies: result.qualifies === true,
      nextLevel: place?.state ?? null,
    };
  });
}

/** Keeps the language of the judges' pages a judge uses, for their emails (issue 49). */
export async function setJudgeLanguage(db: Db, accountId: string, language: 'en' | 'ta'): Promise<void> {
  await db.update(judges).set({ language }).where(and(eq(judges.accountId, accountId), sql`${judges.language} <> ${language}`));
}

const REMINDER_REASON: Record<JudgeReminderDays, 'scoring-3-days' | 'scoring-1-day'> = { 3: 'scoring-3-days', 1: 'scoring-1-day' };

/** How many days before the deadline a reminder queued for `reason` was. */
export function reminderDaysOf(reason: string): JudgeReminderDays | null {
  const found = Object.entries(REMINDER_REASON).find(([, value]) => value === reason);
  return found ? (Number(found[0]) as JudgeReminderDays) : null;
}

/** A judge's active entries in a round that they have not scored. */
const unscoredOf = (judgeId: SQL, roundId: SQL) => sql`(select count(*)::int from ${judgeAssignments} a
  where a.round_id = ${roundId} and a.judge_id = ${judgeId} and a.status = 'active'
    and not exists (select 1 from ${judgeScores} s where s.round_id = a.round_id and s.entry_id = a.entry_id and s.judge_id = a.judge_id))`;

/**
 * Queues the reminders due before each scoring round's deadline (issue 49): 3 days and 1 day
 * before it (domain/season.ts), to every judge with an entry still to score, each once per judge,
 * round and reminder (a unique index), however many instances look. A reminder is looked for
 * until the next one is due, so a server that was down sends the latest only. A judge without an
 * email address (made with `npm run admin`, no application) gets none. Returns how many.
 */
export async function queueJudgeReminders(db: Db, now: Date, deadlineOf: (levelId: LevelId) => Date | null): Promise<number> {
  const rounds = await db.select({ id: judgingRounds.id, levelId: judgingRounds.levelId }).from(judgingRounds).where(eq(judgingRounds.state, 'scoring'));
  let queued = 0;
  for (const round of rounds) {
    const deadline = deadlineOf(round.levelId);
    const due = deadline ? judgeReminderDue(now, deadline) : null;
    if (!due) continue;
    const rows = await rowsOf<{ id: string }>(db, sql`
      insert into ${mailOutbox} (judge_application_id, template, reason, judging_round_id)
      select j.application_id, 'judge-reminder', ${REMINDER_REASON[due]}, ${round.id}::uuid
      from ${judges} j join ${accounts} ac on ac.id = j.account_id
      where j.application_id is not null and ac.disabled_at is null
        and ${unscoredOf(sql`j.account_id`, sql`${round.id}::uuid`)} > 0
      on conflict do nothing
      returning id`);
    queued += rows.length;
  }
  return queued;
}

/** What a judge's reminder says, as it is when it is sent; null when the judge or the round is gone. */
export async function judgeReminderFor(db: Db, applicationId: string, roundId: string) {
  const [row] = await rowsOf<{ email: string | null; name: string; erased: boolean; language: 'en' | 'ta'; disabled: boolean; level_id: LevelId; state: RoundState; remaining: number }>(
    db,
    sql`select a.email, a.name, a.erased_at is not null as erased, j.language, ac.disabled_at is not null as disabled, r.level_id, r.state,
        ${unscoredOf(sql`j.account_id`, sql`r.id`)} as remaining
      from ${judges} j
      join ${judgeApplications} a on a.id = j.application_id
      join ${accounts} ac on ac.id = j.account_id
      join ${judgingRounds} r on r.id = ${roundId}::uuid
      where j.application_id = ${applicationId}::uuid`,
  );
  return row ? { ...row, remaining: Number(row.remaining), erased: Boolean(row.erased), disabled: Boolean(row.disabled) } : null;
}
