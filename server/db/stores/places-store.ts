import { sql } from 'drizzle-orm';
import { normaliseInstitute } from '@domain/judge-assignment';
import {
  answerBy,
  assignSlots,
  placesInPool,
  poolKey,
  sessionsOfPool,
  sharedKeys,
  stageSessionsOf,
  PLACE_RULES,
  type LaterLevelId,
  type OfferState,
  type Seating,
  type StageSession,
} from '@domain/later-levels';
import { VENUE_SESSIONS } from '@domain/season';
import { plural } from '@domain/plural';
import { inTransaction, type Database, type Queryable } from '../client';
import { isoTime } from '../../lib/sql-time';

/**
 * Places at the semi-finals and the grand finale (issue 46, ADR 036): the line for each contest
 * and age band, invitations with a session and a stage slot, the families' answers, the deadline
 * and the waiting list. Every change of a place is written to the audit log in the statement
 * that makes it, by whoever made it (an admin, the family, or the deadline job as 'system').
 */

export type Actor = { id: string | null; username: string; actor: 'admin' | 'family' | 'system' };
export const BY_SYSTEM: Actor = { id: null, username: 'system', actor: 'system' };

const levelLock = (levelId: LaterLevelId) => sql`select pg_advisory_xact_lock(hashtext(${`level_offers:${levelId}`}))`;

async function auditPlaces(db: Queryable, by: Actor, action: string, rows: readonly { registrationId: string; changes: Record<string, unknown> }[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.rows(sql`
    insert into audit_log (admin_id, admin_username, action, entity_type, entity_id, changes, actor, kind, created_at)
    select ${by.id}::uuid, ${by.username}, ${action}, 'registration', entity_id, changes::jsonb, ${by.actor}, 'change', ${now.toISOString()}::timestamptz
    from unnest(${sql.param(rows.map((row) => row.registrationId))}::text[], ${sql.param(rows.map((row) => JSON.stringify(row.changes)))}::text[]) as input(entity_id, changes)`);
}

// ---------------------------------------------------------------- the line

type Candidate = { registrationId: string; category: string; ageBand: string; place: number; final: number | null; qualified: boolean; source: string; email: string; phone: string; institute: string | null };

/**
 * Who is in line for a level, from the earlier level's published results: for the semi-finals,
 * the online round's entries and the in-person Level 1 sessions judged by a panel; for the grand
 * finale, the semi-final sessions. Removed and cancelled registrations are not in line.
 */
async function candidatesFor(db: Queryable, levelId: LaterLevelId): Promise<Candidate[]> {
  const earlier = levelId === 'level2' ? 'level1' : 'level2';
  const sessions = VENUE_SESSIONS.filter((session) => session.levelId === earlier && session.judging === 'panel' && session.ageBand);
  const fromSessions = sql`
    select p.registration_id::text as "registrationId", s.category, s.age_band as "ageBand", p.place, p.final, p.qualifies as qualified, 'session:' || p.session_id as source,
      g.email, g.phone, g.institute_name as institute
    from session_places p
    join live_sessions l on l.session_id = p.session_id and l.state = 'published'
    join unnest(${sql.param(sessions.map((session) => session.id))}::text[], ${sql.param(sessions.map((session) => session.categories[0]!))}::text[],
      ${sql.param(sessions.map((session) => session.ageBand!))}::text[]) as s(session_id, category, age_band) on s.session_id = p.session_id
    join registrations g on g.id = p.registration_id
    where p.place is not null and g.deleted_at is null and g.cancelled_at is null`;
  if (levelId === 'level3') return db.rows<Candidate>(fromSessions);
  return db.rows<Candidate>(sql`
    select e.registration_id::text as "registrationId", r.category, r.age_band as "ageBand", r.place, r.final, coalesce(r.qualifies, false) as qualified, 'round:' || r.round_id::text as source,
      g.email, g.phone, g.institute_name as institute
    from round_entries r
    join judging_rounds j on j.id = r.round_id and j.level_id = 'level1' and j.state = 'published'
    join entries e on e.id = r.entry_id
    join registrations g on g.id = e.registration_id
    where r.place is not null and g.deleted_at is null and g.cancelled_at is null
    union all
    ${fromSessions}`);
}

/** Ranks a pool's candidates: the qualified first, then by place, then by score; one line per child (their best result). */
function rankLine(candidates: readonly Candidate[]): (Candidate & { rank: number })[] {
  const better = (a: Candidate, b: Candidate) =>
    Number(b.qualified) - Number(a.qualified) || a.place - b.place || (b.final ?? -1) - (a.final ?? -1) || a.registrationId.localeCompare(b.registrationId);
  const best = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const held = best.get(candidate.registrationId);
    if (!held || better(candidate, held) < 0) best.set(candidate.registrationId, candidate);
  }
  return [...best.values()].sort(better).map((candidate, index) => ({ ...candidate, rank: index + 1 }));
}

/** Every child with a published result, ranked in their pool's line (pools with a session only). */
async function rankedLine(db: Queryable, levelId: LaterLevelId, sessions: readonly StageSession[]): Promise<(Candidate & { rank: number })[]> {
  const pools = new Set(sessions.map((session) => poolKey({ category: session.categories[0] ?? '', ageBand: session.ageBand ?? '' })));
  const byPool = new Map<string, Candidate[]>();
  for (const candidate of await candidatesFor(db, levelId)) {
    const key = poolKey(candidate);
    if (!pools.has(key)) continue;
    const pool = byPool.get(key);
    if (pool) pool.push(candidate);
    else byPool.set(key, [candidate]);
  }
  return [...byPool.values()].flatMap(rankLine);
}

// ---------------------------------------------------------------- invitations

/** A row of the line as a fill reads it: the place, and the guardian's keys for the clash rule. */
type LineRow = Pick<PlaceRow, 'registrationId' | 'category' | 'ageBand' | 'rank' | 'qualified' | 'state' | 'sessionId' | 'slot'> & {
  /** Where a child joining the line now has their result from (rows already stored do not read it). */
  source?: string;
  email: string;
  phone: string;
  institute: string | null;
  removed: boolean;
};

async function lineOf(db: Queryable, levelId: LaterLevelId): Promise<LineRow[]> {
  return db.rows<LineRow>(sql`
    select o.registration_id::text as "registrationId", o.category, o.age_band as "ageBand", o.rank, o.qualified, o.state, o.session_id as "sessionId", o.slot,
      g.email, g.phone, g.institute_name as institute, (g.deleted_at is not null or g.cancelled_at is not null) as removed
    from level_offers o join registrations g on g.id = o.registration_id
    where o.level_id = ${levelId}
    order by o.category, o.age_band, o.rank`);
}

export type FillOutcome = { inLine: number; invited: number; seated: number; clashes: number };

/**
 * Fills every pool's free places from its line, in rank order: each new invitation gets a
 * session and a stage slot (domain/later-levels.ts assignSlots), an answer date, one email with
 * its calendar file, and an audit row. A held place without a slot (confirmed before slots
 * existed) is given one and told. Under one lock per level, so two fills at once (an admin, a
 * family's decline, the deadline job on another instance) never give one place twice; the
 * database's one-child-per-slot index stands behind it.
 */
export async function fillPlaces(database: Database, levelId: LaterLevelId, by: Actor, now: Date, sessions: readonly StageSession[] = stageSessionsOf(levelId)): Promise<FillOutcome> {
  return inTransaction(database, async (tx) => {
    await tx.rows(levelLock(levelId));
    // A place held by a registration since cancelled or removed is free again.
    const freed = await tx.rows<{ registrationId: string; category: string }>(sql`
      update level_offers o set state = 'lapsed', updated_at = now()
      from registrations g
      where g.id = o.registration_id and o.level_id = ${levelId} and o.state in ('invited', 'accepted') and (g.deleted_at is not null or g.cancelled_at is not null)
      returning o.registration_id::text as "registrationId", o.category`);
    await auditPlaces(tx, by, 'places.lapse', freed.map((row) => ({ registrationId: row.registrationId, changes: { levelId, category: row.category, why: 'registration cancelled or removed' } })), now);

    // A session that has taken place (its results published) takes nobody new.
    const over = new Set(
      (await tx.rows<{ id: string }>(sql`select session_id as id from live_sessions where state = 'published' and session_id = any(${sql.param(sessions.map((session) => session.id))}::text[])`)).map((row) => row.id),
    );
    const open = sessions.filter((session) => !over.has(session.id));

    // The line: who is in it already, and who joins it now (new published results).
    const [ranked, stored] = await Promise.all([rankedLine(tx, levelId, open), lineOf(tx, levelId)]);
    const key = (row: { category: string; registrationId: string }) => `${row.category}|${row.registrationId}`;
    const known = new Map(stored.map((row) => [key(row), row]));
    const joining: LineRow[] = [];
    const reranked: (Candidate & { rank: number })[] = [];
    for (const candidate of ranked) {
      const row = known.get(key(candidate));
      if (!row) joining.push({ ...candidate, state: 'waiting', sessionId: null, slot: null, removed: false });
      else if (row.rank !== candidate.rank || row.qualified !== candidate.qualified) {
        reranked.push(candidate);
        row.rank = candidate.rank;
        row.qualified = candidate.qualified;
      }
    }
    const line = [...stored, ...joining];
    if (reranked.length > 0) {
      await tx.rows(sql`
        update level_offers o set rank = input.rank, qualified = input.qualified::bool, source = input.source
        from unnest(${sql.param(reranked.map((c) => c.registrationId))}::uuid[], ${sql.param(reranked.map((c) => c.category))}::text[], ${sql.param(reranked.map((c) => c.rank))}::int[],
          ${sql.param(reranked.map((c) => String(c.qualified)))}::text[], ${sql.param(reranked.map((c) => c.source))}::text[]) as input(registration_id, category, rank, qualified, source)
        where o.level_id = ${levelId} and o.category = input.category and o.registration_id = input.registration_id`);
    }

    // Who is seated now: new invitations into free places, and held places still without a slot.
    const shared = (row: LineRow) => sharedKeys(row, normaliseInstitute);
    const byPool = new Map<string, LineRow[]>();
    for (const row of line) {
      const pool = byPool.get(poolKey(row));
      if (pool) pool.push(row);
      else byPool.set(poolKey(row), [row]);
    }
    const toSeat: { row: LineRow; fresh: boolean }[] = [];
    for (const [poolName, rows] of byPool) {
      const [category, ageBand] = poolName.split('|') as [string, string];
      rows.sort((a, b) => a.rank - b.rank);
      const places = placesInPool(rows.filter((row) => row.qualified).length, sessionsOfPool({ category, ageBand }, open));
      const holding = rows.filter((row) => row.state === 'invited' || row.state === 'accepted');
      for (const row of holding) if (row.slot === null && !row.removed) toSeat.push({ row, fresh: false });
      const free = places - holding.length;
      if (free > 0) for (const row of rows.filter((r) => r.state === 'waiting' && !r.removed).slice(0, free)) toSeat.push({ row, fresh: true });
    }
    toSeat.sort((a, b) => a.row.rank - b.row.rank);
    const held = line.filter((row) => (row.state === 'invited' || row.state === 'accepted') && row.sessionId !== null && row.slot !== null);
    const seats = assignSlots(
      open,
      held.map((row) => ({ sessionId: row.sessionId!, slot: row.slot!, shared: shared(row) })),
      toSeat.map(({ row }): Seating => ({ id: key(row), pool: poolKey(row), shared: shared(row) })),
    );
    const seatOf = new Map(seats.map((seat) => [seat.id, seat]));
    const fresh = new Set(toSeat.filter((seat) => seat.fresh).map(({ row }) => key(row)));
    const due = answerBy(now);

    // New rows go in as they end up (in line, or invited with their seat); known ones are updated.
    const joiningRows = joining.map((row) => ({ row, seat: seatOf.get(key(row)) ?? null }));
    if (joiningRows.length > 0) {
      const invited = joiningRows.map(({ seat }) => seat !== null);
      await tx.rows(sql`
        insert into level_offers (registration_id, level_id, category, age_band, rank, qualified, source, state, session_id, slot, clash, invited_at, answer_by, updated_at)
        select registration_id, ${levelId}, category, age_band, rank, qualified::bool, source, case when invited::bool then 'invited' else 'waiting' end,
          session_id, slot, clash::bool, case when invited::bool then ${now.toISOString()}::timestamptz end, case when invited::bool then ${due.toISOString()}::timestamptz end, now()
        from unnest(${sql.param(joiningRows.map(({ row }) => row.registrationId))}::uuid[], ${sql.param(joiningRows.map(({ row }) => row.category))}::text[],
          ${sql.param(joiningRows.map(({ row }) => row.ageBand))}::text[], ${sql.param(joiningRows.map(({ row }) => row.rank))}::int[],
          ${sql.param(joiningRows.map(({ row }) => String(row.qualified)))}::text[], ${sql.param(joiningRows.map(({ row }) => row.source ?? ''))}::text[],
          ${sql.param(invited.map(String))}::text[], ${sql.param(joiningRows.map(({ seat }) => seat?.sessionId ?? null))}::text[], ${sql.param(joiningRows.map(({ seat }) => seat?.slot ?? null))}::int[],
          ${sql.param(joiningRows.map(({ seat }) => String(seat?.clash ?? false)))}::text[])
          as input(registration_id, category, age_band, rank, qualified, source, invited, session_id, slot, clash)`);
    }
    const knownSeats = seats.filter((seat) => known.has(seat.id));
    const rows = knownSeats.map((seat) => {
      const [category, registrationId] = seat.id.split('|') as [string, string];
      return { ...seat, category, registrationId, fresh: fresh.has(seat.id) };
    });
    const updated =
      rows.length === 0
        ? []
        : await tx.rows<{ registrationId: string; category: string; sequence: number; state: OfferState; rank: number }>(sql`
      update level_offers o set session_id = input.session_id, slot = input.slot, clash = input.clash::bool, updated_at = now(),
        state = case when input.fresh::bool then 'invited' else o.state end,
        invited_at = case when input.fresh::bool then ${now.toISOString()}::timestamptz else o.invited_at end,
        answer_by = case when input.fresh::bool then ${due.toISOString()}::timestamptz else o.answer_by end,
        sequence = case when input.fresh::bool then 0 else o.sequence + 1 end
      from unnest(${sql.param(rows.map((r) => r.registrationId))}::uuid[], ${sql.param(rows.map((r) => r.category))}::text[], ${sql.param(rows.map((r) => r.sessionId))}::text[],
        ${sql.param(rows.map((r) => r.slot))}::int[], ${sql.param(rows.map((r) => String(r.clash)))}::text[], ${sql.param(rows.map((r) => String(r.fresh)))}::text[])
        as input(registration_id, category, session_id, slot, clash, fresh)
      where o.level_id = ${levelId} and o.category = input.category and o.registration_id = input.registration_id
        and (case when input.fresh::bool then o.state = 'waiting' else o.state in ('invited', 'accepted') and o.slot is null end)
      returning o.registration_id::text as "registrationId", o.category, o.sequence, o.state, o.rank`);
    const seatedNow = [
      ...joiningRows.filter(({ seat }) => seat !== null).map(({ row }) => ({ registrationId: row.registrationId, category: row.category, sequence: 0, state: 'invited' as OfferState, rank: row.rank })),
      ...updated,
    ];
    await queuePlaceEmails(tx, levelId, seatedNow.map((row) => ({ ...row, reason: row.sequence === 0 ? 'place-invited' : 'place-changed' })));
    await auditPlaces(
      tx,
      by,
      'places.invite',
      seatedNow.map((row) => {
        const seat = seatOf.get(key(row))!;
        return { registrationId: row.registrationId, changes: { levelId, category: row.category, rank: row.rank, sessionId: seat.sessionId, slot: seat.slot, answerBy: due.toISOString(), clash: seat.clash } };
      }),
      now,
    );
    return {
      inLine: line.length,
      invited: seatedNow.filter((row) => row.sequence === 0 && row.state === 'invited').length,
      seated: seatedNow.length,
      clashes: seats.filter((seat) => seat.clash).length,
    };
  });
}

async function queuePlaceEmails(db: Queryable, levelId: LaterLevelId, rows: readonly { registrationId: string; category: string; sequence: number; reason: 'place-invited' | 'place-changed' | 'place-reminder' }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.rows(sql`
    insert into mail_outbox (registration_id, template, reason, level_id, category, offer_sequence)
    select registration_id, 'place-invitation', reason, ${levelId}, category, offer_sequence
    from unnest(${sql.param(rows.map((r) => r.registrationId))}::uuid[], ${sql.param(rows.map((r) => r.reason))}::text[], ${sql.param(rows.map((r) => r.category))}::text[],
      ${sql.param(rows.map((r) => r.sequence))}::int[]) as input(registration_id, reason, category, offer_sequence)
    on conflict do nothing`);
}

// ---------------------------------------------------------------- answers, the deadline, moves

export type AnswerOutcome =
  | { ok: true; state: 'accepted' | 'declined'; changed: boolean }
  | { ok: false; code: 'not_found' | 'not_invited' | 'declined' | 'lapsed' | 'held'; message: string };

/**
 * A family's answer. Accepting holds only while the invitation is open (before its answer date);
 * declining gives the place back, accepted or not, and is final. Each in one statement, so an
 * answer racing the deadline or another answer is decided by whichever the row saw first.
 */
export async function answerPlace(
  database: Database,
  place: { registrationId: string; levelId: LaterLevelId; category: string },
  answer: 'accept' | 'decline',
  now: Date,
): Promise<AnswerOutcome> {
  return inTransaction(database, async (tx) => {
    const key = sql`level_id = ${place.levelId} and category = ${place.category} and registration_id = ${place.registrationId}::uuid`;
    // Once the place's session has taken place (its results are published), the answer stands.
    const [done] = await tx.rows(sql`
      select 1 from level_offers o join live_sessions l on l.session_id = o.session_id and l.state = 'published'
      where o.level_id = ${place.levelId} and o.category = ${place.category} and o.registration_id = ${place.registrationId}::uuid`);
    if (done) return { ok: false, code: 'held', message: 'This session has already taken place: the place can no longer be changed.' };
    const moved = await tx.rows<{ state: 'accepted' | 'declined'; sessionId: string | null; slot: number | null }>(
      answer === 'accept'
        ? sql`update level_offers set state = 'accepted', answered_at = ${now.toISOString()}::timestamptz, updated_at = now()
            where ${key} and state = 'invited' and answer_by > ${now.toISOString()}::timestamptz returning state, session_id as "sessionId", slot`
        : sql`update level_offers set state = 'declined', answered_at = ${now.toISOString()}::timestamptz, updated_at = now()
            where ${key} and state in ('invited', 'accepted') returning state, session_id as "sessionId", slot`,
    );
    if (moved[0]) {
      await auditPlaces(tx, { id: null, username: 'family', actor: 'family' }, answer === 'accept' ? 'places.accept' : 'places.decline', [
        { registrationId: place.registrationId, changes: { levelId: place.levelId, category: place.category, sessionId: moved[0].sessionId, slot: moved[0].slot } },
      ], now);
      return { ok: true, state: moved[0].state, changed: true };
    }
    const [row] = await tx.rows<{ state: OfferState; answerBy: string | null }>(sql`select state, answer_by as "answerBy" from level_offers where ${key}`);
    if (!row) return { ok: false, code: 'not_found', message: 'This child has no place to answer at this level and contest.' };
    if (row.state === (answer === 'accept' ? 'accepted' : 'declined')) return { ok: true, state: row.state as 'accepted' | 'declined', changed: false };
    if (row.state === 'waiting') return { ok: false, code: 'not_invited', message: 'This child is on the waiting list: we will write if a place comes free.' };
    if (row.state === 'declined') return { ok: false, code: 'declined', message: 'This place was declined, and it has gone to the next child in line.' };
    return { ok: false, code: 'lapsed', message: 'The date to answer this invitation has passed, so the place went to the next child in line.' };
  });
}

/**
 * The deadline's step, run by every instance every few minutes and by an admin: invitations not
 * answered by their date lapse (the place goes on), and an open invitation whose reminder time
 * has come gets its one reminder. Then every level with free places offers them to the next in line.
 */
export async function deadlineStep(
  database: Database,
  now: Date,
  by: Actor = BY_SYSTEM,
  sessions: readonly StageSession[] = [...stageSessionsOf('level2'), ...stageSessionsOf('level3')],
): Promise<{ lapsed: number; reminded: number; invited: number }> {
  const at = now.toISOString();
  const { lapsed, reminded } = await inTransaction(database, async (tx) => {
    const lapsedRows = await tx.rows<{ registrationId: string; levelId: LaterLevelId; category: string; sessionId: string | null; slot: number | null }>(sql`
      update level_offers set state = 'lapsed', updated_at = now()
      where state = 'invited' and answer_by <= ${at}::timestamptz
      returning registration_id::text as "registrationId", level_id as "levelId", category, session_id as "sessionId", slot`);
    await auditPlaces(tx, by, 'places.lapse', lapsedRows.map((row) => ({ registrationId: row.registrationId, changes: { levelId: row.levelId, category: row.category, sessionId: row.sessionId, slot: row.slot } })), now);
    const remindedRows = await tx.rows<{ registrationId: string; levelId: LaterLevelId; category: string; sequence: number }>(sql`
      update level_offers set reminded_at = ${at}::timestamptz
      where state = 'invited' and reminded_at is null and answer_by > ${at}::timestamptz
        and answer_by - make_interval(days => ${PLACE_RULES.reminderDaysBefore}) <= ${at}::timestamptz
      returning registration_id::text as "registrationId", level_id as "levelId", category, sequence`);
    for (const levelId of ['level2', 'level3'] as const) {
      await queuePlaceEmails(tx, levelId, remindedRows.filter((row) => row.levelId === levelId).map((row) => ({ ...row, reason: 'place-reminder' })));
    }
    return { lapsed: lapsedRows.length, reminded: remindedRows.length };
  });
  let invited = 0;
  for (const levelId of ['level2', 'level3'] as const) {
    const theirs = sessions.filter((session) => session.levelId === levelId);
    if (!(await needsFill(database, levelId, theirs))) continue;
    invited += (await fillPlaces(database, levelId, by, now, theirs)).invited;
  }
  return { lapsed, reminded, invited };
}

/**
 * Whether a level has anything for a fill to do, in one aggregate: a pool with fewer held places
 * than it has (and someone waiting), a held place without a slot, or a holder whose registration
 * was cancelled. The deadline job asks this every few minutes, so a quiet level costs one query,
 * not a rebuild of its line.
 */
async function needsFill(database: Database, levelId: LaterLevelId, sessions: readonly StageSession[]): Promise<boolean> {
  const over = new Set(
    (await database.rows<{ id: string }>(sql`select session_id as id from live_sessions where state = 'published' and session_id = any(${sql.param(sessions.map((s) => s.id))}::text[])`)).map((row) => row.id),
  );
  const open = sessions.filter((session) => !over.has(session.id));
  const pools = await database.rows<{ category: string; ageBand: string; qualified: number; held: number; waiting: number; stale: number }>(sql`
    select o.category, o.age_band as "ageBand", count(*) filter (where o.qualified)::int as qualified,
      count(*) filter (where o.state in ('invited', 'accepted'))::int as held,
      count(*) filter (where o.state = 'waiting' and g.deleted_at is null and g.cancelled_at is null)::int as waiting,
      count(*) filter (where o.state in ('invited', 'accepted') and (o.slot is null or g.deleted_at is not null or g.cancelled_at is not null))::int as stale
    from level_offers o join registrations g on g.id = o.registration_id
    where o.level_id = ${levelId}
    group by o.category, o.age_band`);
  return pools.some((pool) => Number(pool.stale) > 0 || (Number(pool.waiting) > 0 && placesInPool(Number(pool.qualified), sessionsOfPool(pool, open)) > Number(pool.held)));
}

export type MoveOutcome = { ok: true; sequence: number } | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * An admin moves a held place to another session of its pool or another slot: the family is
 * emailed once with the new details and a calendar file that updates the same event.
 */
export async function movePlace(
  database: Database,
  place: { registrationId: string; levelId: LaterLevelId; category: string },
  to: { sessionId: string; slot: number },
  by: Actor,
  now: Date,
): Promise<MoveOutcome> {
  const session = stageSessionsOf(place.levelId).find((s) => s.id === to.sessionId);
  if (!session) return { ok: false, status: 422, message: 'That session is not at this level.' };
  if (to.slot > session.capacity) return { ok: false, status: 422, message: `“${session.title}” has ${plural(session.capacity, { one: '# slot', other: '# slots' })}.` };
  return inTransaction(database, async (tx): Promise<MoveOutcome> => {
    await tx.rows(levelLock(place.levelId));
    const [row] = await tx.rows<{ state: OfferState; ageBand: string; sessionId: string | null; slot: number | null }>(sql`
      select state, age_band as "ageBand", session_id as "sessionId", slot from level_offers
      where level_id = ${place.levelId} and category = ${place.category} and registration_id = ${place.registrationId}::uuid for update`);
    if (!row) return { ok: false, status: 404, message: 'This child has no place at this level and contest.' };
    if (row.state !== 'invited' && row.state !== 'accepted') return { ok: false, status: 409, message: 'Only a place that is invited or accepted can be moved.' };
    if (session.categories[0] !== place.category || session.ageBand !== row.ageBand) return { ok: false, status: 422, message: `“${session.title}” is for another contest or age band.` };
    if (row.sessionId === to.sessionId && row.slot === to.slot) return { ok: false, status: 409, message: 'The place is already in that slot.' };
    const [taken] = await tx.rows(sql`select 1 from level_offers where session_id = ${to.sessionId} and slot = ${to.slot} and state in ('invited', 'accepted')`);
    if (taken) return { ok: false, status: 409, message: `Slot ${to.slot} of “${session.title}” is someone else’s: move them first, or choose a free slot.` };
    const [moved] = await tx.rows<{ sequence: number }>(sql`
      update level_offers set session_id = ${to.sessionId}, slot = ${to.slot}, clash = false, sequence = sequence + 1, updated_at = now()
      where level_id = ${place.levelId} and category = ${place.category} and registration_id = ${place.registrationId}::uuid
      returning sequence`);
    await queuePlaceEmails(tx, place.levelId, [{ registrationId: place.registrationId, category: place.category, sequence: moved!.sequence, reason: 'place-changed' }]);
    await auditPlaces(tx, by, 'places.move', [{ registrationId: place.registrationId, changes: { levelId: place.levelId, category: place.category, from: { sessionId: row.sessionId, slot: row.slot }, to } }], now);
    return { ok: true, sequence: moved!.sequence };
  });
}

// ---------------------------------------------------------------- reading

export type PlaceRow = {
  registrationId: string;
  levelId: LaterLevelId;
  category: string;
  ageBand: string;
  rank: number;
  qualified: boolean;
  state: OfferState;
  sessionId: string | null;
  slot: number | null;
  sequence: number;
  clash: boolean;
  invitedAt: string | null;
  answerBy: string | null;
  answeredAt: string | null;
};

const placeColumns = sql.raw(`o.registration_id::text as "registrationId", o.level_id as "levelId", o.category, o.age_band as "ageBand", o.rank, o.qualified, o.state,
  o.session_id as "sessionId", o.slot, o.sequence, o.clash`);
const placeTimes = sql`, case when o.invited_at is null then null else ${isoTime('o.invited_at')} end as "invitedAt",
  case when o.answer_by is null then null else ${isoTime('o.answer_by')} end as "answerBy",
  case when o.answered_at is null then null else ${isoTime('o.answered_at')} end as "answeredAt"`;

/** A child's places at the later levels (their family's page and emails). */
export async function placesOf(database: Queryable, registrationId: string): Promise<PlaceRow[]> {
  return database.rows(sql`select ${placeColumns} ${placeTimes} from level_offers o where o.registration_id = ${registrationId}::uuid order by o.level_id, o.category`);
}

export async function placeOf(database: Queryable, place: { registrationId: string; levelId: string; category: string }): Promise<PlaceRow | null> {
  const [row] = await database.rows<PlaceRow>(sql`
    select ${placeColumns} ${placeTimes} from level_offers o
    where o.registration_id = ${place.registrationId}::uuid and o.level_id = ${place.levelId} and o.category = ${place.category}`);
  return row ?? null;
}

/** A level's lines for the admins, pool by pool, with each child's name and code (a read of personal data: audited by the route). */
export async function placesOverview(database: Database, levelId: LaterLevelId) {
  const rows = await database.rows<PlaceRow & { name: string | null; referenceCode: string; removed: boolean }>(sql`
    select ${placeColumns} ${placeTimes}, g.name, g.reference_code as "referenceCode", (g.deleted_at is not null or g.cancelled_at is not null) as removed
    from level_offers o join registrations g on g.id = o.registration_id
    where o.level_id = ${levelId}
    order by o.category, o.age_band, o.rank`);
  const sessions = stageSessionsOf(levelId);
  const pools = new Map<string, { category: string; ageBand: string; places: number; sessions: StageSession[]; rows: typeof rows }>();
  for (const session of sessions) {
    const key = poolKey({ category: session.categories[0] ?? '', ageBand: session.ageBand ?? '' });
    const pool = pools.get(key) ?? { category: session.categories[0] ?? '', ageBand: session.ageBand ?? '', places: 0, sessions: [], rows: [] };
    pool.sessions.push(session);
    pools.set(key, pool);
  }
  for (const row of rows) pools.get(poolKey(row))?.rows.push(row);
  return [...pools.values()].map((pool) => ({ ...pool, places: placesInPool(pool.rows.filter((row) => row.qualified).length, pool.sessions) }));
}

/**
 * Pools whose children qualified for the level but which have no session in the season module:
 * nobody there can be invited until one is added (the admins' page says so).
 */
export async function poolsWithoutSession(database: Database, levelId: LaterLevelId): Promise<{ category: string; ageBand: string; qualified: number }[]> {
  const seated = new Set(stageSessionsOf(levelId).map((session) => poolKey({ category: session.categories[0] ?? '', ageBand: session.ageBand ?? '' })));
  const counts = new Map<string, { category: string; ageBand: string; children: Set<string> }>();
  for (const candidate of await candidatesFor(database, levelId)) {
    if (!candidate.qualified || seated.has(poolKey(candidate))) continue;
    const pool = counts.get(poolKey(candidate)) ?? { category: candidate.category, ageBand: candidate.ageBand, children: new Set<string>() };
    pool.children.add(candidate.registrationId);
    counts.set(poolKey(candidate), pool);
  }
  return [...counts.values()].map((pool) => ({ category: pool.category, ageBand: pool.ageBand, qualified: pool.children.size })).sort((a, b) => poolKey(a).localeCompare(poolKey(b)));
}

export type FunnelRow = {
  category: string;
  registered: number;
  entered: number;
  qualified: number;
  acceptedSemi: number;
  performedSemi: number;
  advanced: number;
  acceptedFinal: number;
  performedFinal: number;
};

/**
 * The season's funnel per contest (issue 46), for the overview: registered, entered at Level 1
 * (an online entry ready, or checked in at a session), qualified, accepted a semi-final place,
 * performed there, went through to the finale, accepted it and performed. Counts only.
 */
export async function seasonFunnel(database: Database): Promise<FunnelRow[]> {
  const semi = stageSessionsOf('level2').map((session) => session.id);
  const final = stageSessionsOf('level3').map((session) => session.id);
  const levelOne = VENUE_SESSIONS.filter((session) => session.levelId === 'level1');
  const rows = await database.rows<FunnelRow>(sql`
    with live as (select id, categories from registrations where type = 'participant' and deleted_at is null and cancelled_at is null),
    sessions as (
      select * from unnest(${sql.param(levelOne.map((s) => s.id))}::text[], ${sql.param(levelOne.map((s) => s.categories[0]!))}::text[]) as s(session_id, category)
    ),
    entered as (
      select e.registration_id, e.category from entries e where e.status = 'ready' and e.level_id = 'level1'
      union
      select ci.registration_id, s.category from venue_check_ins ci join sessions s on s.session_id = ci.session_id
    ),
    qualified as (
      select e.registration_id, r.category from round_entries r join entries e on e.id = r.entry_id
        join judging_rounds j on j.id = r.round_id and j.state = 'published' and j.level_id = 'level1' where r.qualifies
      union
      select p.registration_id, s.category from session_places p join sessions s on s.session_id = p.session_id
        join live_sessions l on l.session_id = p.session_id and l.state = 'published' where p.qualifies
    ),
    staged as (
      select p.registration_id, o.category, o.level_id, p.qualifies from session_places p
        join live_sessions l on l.session_id = p.session_id and l.state = 'published'
        join level_offers o on o.registration_id = p.registration_id and o.session_id = p.session_id
      where p.session_id = any(${sql.param([...semi, ...final])}::text[])
    ),
    categories as (select distinct unnest(categories) as category from live)
    select c.category,
      (select count(*)::int from live where c.category = any(live.categories)) as registered,
      (select count(distinct x.registration_id)::int from entered x join live on live.id = x.registration_id where x.category = c.category) as entered,
      (select count(distinct x.registration_id)::int from qualified x join live on live.id = x.registration_id where x.category = c.category) as qualified,
      (select count(*)::int from level_offers o join live on live.id = o.registration_id where o.category = c.category and o.level_id = 'level2' and o.state = 'accepted') as "acceptedSemi",
      (select count(*)::int from staged x where x.category = c.category and x.level_id = 'level2') as "performedSemi",
      (select count(*)::int from staged x where x.category = c.category and x.level_id = 'level2' and x.qualifies) as advanced,
      (select count(*)::int from level_offers o join live on live.id = o.registration_id where o.category = c.category and o.level_id = 'level3' and o.state = 'accepted') as "acceptedFinal",
      (select count(*)::int from staged x where x.category = c.category and x.level_id = 'level3') as "performedFinal"
    from categories c
    order by c.category`);
  return rows;
}
