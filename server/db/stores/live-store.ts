import { sql } from 'drizzle-orm';
import { fits, normaliseInstitute } from '@domain/judge-assignment';
import type { Expertise } from '@domain/judging';
import {
  PANEL_SIZE,
  computeRaceResults,
  computeSessionResults,
  sessionsClash,
  type HeatRecord,
  type LiveSheet,
  type PerformanceStatus,
  type PerformerResult,
  type RunnerResult,
  type SessionProgress,
} from '@domain/live-judging';
import { VENUE_SESSIONS, type VenueSession } from '@domain/season';
import type { HeatInput, PerformanceMarkInput } from '@domain/live-judging';
import type { VenueWho } from '@domain/venue';
import { inTransaction, type Database, type Queryable } from '../client';
import { onRosterWhere } from './venue-store';
import { isoTime } from '../../lib/sql-time';

/**
 * Judging at the venue (issue 45, ADR 034): a session's panel, its running order, the judges'
 * live sheets, the baby races' heats, and the results as published. What a judge's tablet or the
 * hall screen is sent is chosen here: running numbers, never who a child is.
 */

const deviceNameOf = (column: string) => sql.raw(`(select d.name from venue_devices d where d.device_id = ${column})`);

async function ensureLiveSession(db: Queryable, sessionId: string): Promise<void> {
  await db.rows(sql`insert into live_sessions (session_id) values (${sessionId}) on conflict do nothing`);
}

export type LiveSessionRow = { state: 'scoring' | 'published'; headUsername: string | null; publishedAt: string | null; publishedBy: string | null };

export async function liveSessionOf(database: Queryable, sessionId: string): Promise<LiveSessionRow> {
  const [row] = await database.rows<LiveSessionRow>(sql`
    select state, head_username as "headUsername", case when published_at is null then null else ${isoTime('published_at')} end as "publishedAt", published_by as "publishedBy"
    from live_sessions where session_id = ${sessionId}`);
  return row ?? { state: 'scoring', headUsername: null, publishedAt: null, publishedBy: null };
}

// ---------------------------------------------------------------- panels

export type PanelJudge = { judgeId: string; username: string; expertise: Expertise; conflicts: string[]; disabled: boolean };

/** Every judge, and the sessions each sits on. */
export async function judgesWithSessions(database: Database): Promise<(PanelJudge & { sessions: string[] })[]> {
  const rows = await database.rows<PanelJudge & { sessions: string[] | null }>(sql`
    select a.id::text as "judgeId", a.username, j.expertise, j.conflicts, (a.disabled_at is not null) as disabled,
      (select array_agg(p.session_id order by p.session_id) from session_panels p where p.judge_id = a.id) as sessions
    from judges j join accounts a on a.id = j.account_id
    order by a.username`);
  return rows.map((row) => ({ ...row, sessions: row.sessions ?? [] }));
}

export async function panelOf(database: Queryable, sessionId: string): Promise<{ judgeId: string; username: string }[]> {
  return database.rows(sql`
    select p.judge_id::text as "judgeId", a.username from session_panels p join accounts a on a.id = p.judge_id
    where p.session_id = ${sessionId} order by a.username`);
}

/** Institutes of the children on a session's roster (normalised), for judges' declared conflicts. */
async function rosterInstitutes(database: Queryable, session: VenueSession): Promise<Set<string>> {
  const rows = await database.rows<{ institute: string }>(sql`
    select distinct r.institute_name as institute from registrations r where ${onRosterWhere(session)} and r.institute_name is not null`);
  return new Set(rows.map((row) => normaliseInstitute(row.institute)));
}

export type PanelRefusal = { code: 'panel_full' | 'not_fitting' | 'conflict' | 'clash' | 'not_found' | 'published'; message: string };

/**
 * Puts a judge on a session's panel, unless: the panel is full, their expertise does not fit the
 * contest, they declared a conflict with an institute on the roster, or they sit on a session at
 * the same time elsewhere (one judge cannot be in two places at once). Checked and added under one
 * lock per judge, so two admins adding at once cannot make a clash.
 */
export async function addToPanel(database: Database, session: VenueSession, judgeId: string, addedBy: string): Promise<PanelRefusal | null> {
  return inTransaction(database, async (tx) => {
    await tx.rows(sql`select pg_advisory_xact_lock(hashtext('session_panels'))`);
    if ((await liveSessionOf(tx, session.id)).state === 'published') return { code: 'published', message: 'This session’s results are published: its panel can no longer change.' };
    const [judge] = await tx.rows<{ expertise: Expertise; conflicts: string[]; username: string; sessions: string[] | null }>(sql`
      select j.expertise, j.conflicts, a.username, (select array_agg(p.session_id) from session_panels p where p.judge_id = a.id) as sessions
      from judges j join accounts a on a.id = j.account_id where a.id = ${judgeId}::uuid and a.disabled_at is null`);
    if (!judge) return { code: 'not_found', message: 'There is no such judge (or the account is disabled).' };
    const theirs = judge.sessions ?? [];
    if (theirs.includes(session.id)) return null;
    const panel = await panelOf(tx, session.id);
    if (panel.length >= PANEL_SIZE.max) return { code: 'panel_full', message: `A panel has at most ${PANEL_SIZE.max} judges: take one off first.` };
    const category = session.categories[0];
    if (!category || !fits({ id: judgeId, expertise: judge.expertise, conflicts: [] }, category)) {
      return { code: 'not_fitting', message: `${judge.username}’s expertise (${judge.expertise}) does not fit this contest.` };
    }
    const institutes = await rosterInstitutes(tx, session);
    const conflict = judge.conflicts.find((name) => institutes.has(name));
    if (conflict) return { code: 'conflict', message: `${judge.username} declared a conflict with an institute of a child in this session.` };
    const clash = theirs.map((id) => VENUE_SESSIONS.find((other) => other.id === id)).find((other) => other && sessionsClash(other, session));
    if (clash) return { code: 'clash', message: `${judge.username} is already on the panel of “${clash.title}” at the same time.` };
    await ensureLiveSession(tx, session.id);
    await tx.rows(sql`insert into session_panels (session_id, judge_id, added_by) values (${session.id}, ${judgeId}::uuid, ${addedBy}) on conflict do nothing`);
    return null;
  });
}

export async function removeFromPanel(database: Database, sessionId: string, judgeId: string): Promise<boolean> {
  const rows = await database.rows(sql`delete from session_panels where session_id = ${sessionId} and judge_id = ${judgeId}::uuid returning 1`);
  return rows.length > 0;
}

export async function setHeadOfVenue(database: Database, sessionId: string, username: string | null): Promise<void> {
  await ensureLiveSession(database, sessionId);
  await database.rows(sql`update live_sessions set head_username = ${username} where session_id = ${sessionId}`);
}

/** The panel sessions a judge sits on. */
export async function sessionsOfJudge(database: Database, judgeId: string): Promise<string[]> {
  const rows = await database.rows<{ sessionId: string }>(sql`select session_id as "sessionId" from session_panels where judge_id = ${judgeId}::uuid order by session_id`);
  return rows.map((row) => row.sessionId);
}

// ---------------------------------------------------------------- running order

/**
 * Gives every checked-in child of a panel session without a running number the next ones, in the
 * order their check-ins reached the server. Under a lock per session, so two batches at once
 * never give one number twice; again is a no-op.
 */
export async function numberCheckedIn(database: Database, session: VenueSession): Promise<void> {
  if (session.judging !== 'panel') return;
  await inTransaction(database, async (tx) => {
    await tx.rows(sql`select pg_advisory_xact_lock(hashtext(${`running_order:${session.id}`}))`);
    await tx.rows(sql`
      insert into running_order (session_id, registration_id, number, position)
      select ${session.id}, ci.registration_id,
        coalesce((select max(number) from running_order where session_id = ${session.id}), 0) + row_number() over (order by ci.created_at, ci.id),
        -- At a semi-final or final, performers come on in their stage slots' order (issue 46).
        (select o.slot from level_offers o where o.session_id = ${session.id} and o.registration_id = ci.registration_id)
      from venue_check_ins ci
      where ci.session_id = ${session.id}
        and not exists (select 1 from running_order o where o.session_id = ${session.id} and o.registration_id = ci.registration_id)
      order by ci.created_at, ci.id
      on conflict do nothing`);
  });
}

export type RunningOrderRow = { number: number; registrationId: string; position: number | null; status: PerformanceStatus; overTime: boolean };

/** The running order as performers come on stage: by position (check-in order by default), "performed later" at the end. */
export async function runningOrderOf(database: Queryable, sessionId: string): Promise<RunningOrderRow[]> {
  return database.rows(sql`
    select o.number, o.registration_id::text as "registrationId", o.position, o.status, o.over_time as "overTime"
    from running_order o join registrations r on r.id = o.registration_id
    where o.session_id = ${sessionId} and r.deleted_at is null and r.cancelled_at is null
    order by (o.status = 'performed-later'), coalesce(o.position, o.number), o.number`);
}

export type MarkResult = { id: string; status: 'saved' | 'older' } | { id: string; status: 'invalid'; error: { code: 'not_found'; message: string } };

/** Staff's marks on performers: the newest mark (the device's time) of each performer wins. */
export async function recordMarks(database: Database, session: VenueSession, staff: string, marks: readonly PerformanceMarkInput[]): Promise<MarkResult[]> {
  await numberCheckedIn(database, session);
  const results: MarkResult[] = [];
  for (const mark of marks) {
    const rows = await database.rows<{ saved: boolean }>(sql`
      update running_order set status = ${mark.status}, position = ${mark.position ?? null}, over_time = ${mark.overTime ?? false},
        marked_at = ${mark.markedAt}::timestamptz, marked_by = ${staff}
      where session_id = ${session.id} and registration_id = ${mark.registrationId.toLowerCase()}::uuid
        and (marked_at is null or marked_at <= ${mark.markedAt}::timestamptz)
      returning true as saved`);
    if (rows.length > 0) {
      results.push({ id: mark.id, status: 'saved' });
      continue;
    }
    const [exists] = await database.rows(sql`select 1 from running_order where session_id = ${session.id} and registration_id = ${mark.registrationId.toLowerCase()}::uuid`);
    results.push(
      exists ? { id: mark.id, status: 'older' } : { id: mark.id, status: 'invalid', error: { code: 'not_found', message: 'This child is not checked in at this session (yet): check them in first.' } },
    );
  }
  return results;
}

// ---------------------------------------------------------------- live sheets

/**
 * Stores a judge's live sheet for a running number; the judge's last edit wins. Refused once the
 * session's results are published, in the same statement (a publish racing a save cannot let one
 * through). A number nobody holds yet is kept too (the check-in may still be on a staff phone).
 */
export async function saveLiveSheet(
  database: Database,
  at: { sessionId: string; number: number; judgeId: string },
  sheet: { scores: Record<string, number>; note: string; recused: boolean; editedAt: string },
): Promise<'saved' | 'older' | 'published'> {
  await ensureLiveSession(database, at.sessionId);
  const [row] = await database.rows<{ outcome: 'saved' | 'older' | 'published' }>(sql`
    with open_session as (
      select session_id from live_sessions where session_id = ${at.sessionId} and state = 'scoring' for share
    ), saved as (
      insert into live_sheets (session_id, number, judge_id, scores, note, recused, edited_at)
      select ${at.sessionId}, ${at.number}, ${at.judgeId}::uuid, ${JSON.stringify(sheet.recused ? {} : sheet.scores)}::jsonb, ${sheet.note || null}, ${sheet.recused}, ${sheet.editedAt}::timestamptz
      from open_session
      on conflict (session_id, number, judge_id) do update
        set scores = excluded.scores, note = excluded.note, recused = excluded.recused, edited_at = excluded.edited_at, received_at = now()
        where live_sheets.edited_at <= excluded.edited_at
      returning 1
    )
    select case
      when not exists (select 1 from open_session) then 'published'
      when exists (select 1 from saved) then 'saved'
      else 'older' end as outcome`);
  return row!.outcome;
}

async function sheetsOf(database: Queryable, sessionId: string): Promise<(LiveSheet & { note: string | null; receivedAt: string })[]> {
  return database.rows(sql`
    select number, judge_id::text as "judgeId", scores, recused, note, ${isoTime('received_at')} as "receivedAt"
    from live_sheets where session_id = ${sessionId}`);
}

/** What a judge's tablet downloads: the running order as numbers, and the judge's own sheets. Nothing about who a child is. */
export async function judgeSessionView(database: Database, session: VenueSession, judgeId: string) {
  await numberCheckedIn(database, session);
  const [order, mine, live] = await Promise.all([
    runningOrderOf(database, session.id),
    database.rows<{ number: number; scores: Record<string, number>; note: string | null; recused: boolean; editedAt: string }>(sql`
      select number, scores, note, recused, ${isoTime('edited_at')} as "editedAt" from live_sheets where session_id = ${session.id} and judge_id = ${judgeId}::uuid`),
    liveSessionOf(database, session.id),
  ]);
  return {
    state: live.state,
    performers: order.map((row) => ({ number: row.number, status: row.status, overTime: row.overTime })),
    sheets: mine.map((sheet) => ({ ...sheet, note: sheet.note ?? '' })),
  };
}

// ---------------------------------------------------------------- races

export type HeatResult =
  | { id: string; status: 'created' | 'duplicate' }
  | { id: string; status: 'already_recorded'; first: VenueWho }
  | { id: string; status: 'invalid'; error: { code: 'not_found' | 'validation_failed'; message: string } };

/**
 * Stores heats: the first record of a heat (number and attempt) to reach the server is kept, and
 * a baby runs one counted heat per session. Each heat is stored alone, in a transaction of its
 * own, so one refused heat leaves the others of the batch as they are.
 */
export async function recordHeats(database: Database, session: VenueSession, staff: string, heats: readonly (HeatInput & { attempt: number; final: boolean; voidReason: string | null })[]): Promise<HeatResult[]> {
  const results: HeatResult[] = [];
  for (const heat of heats) {
    const id = heat.id.toLowerCase();
    const runners = heat.runners.map((runner) => ({ registrationId: runner.registrationId.toLowerCase(), timeMs: runner.timeMs ?? null, finish: runner.finish ?? null }));
    results.push(
      await inTransaction(database, async (tx): Promise<HeatResult> => {
        await tx.rows(sql`select pg_advisory_xact_lock(hashtext(${`race_heats:${session.id}`}))`);
        const [same] = await tx.rows<{ id: string }>(sql`select id::text as id from race_heats where id = ${id}::uuid`);
        if (same) return { id: heat.id, status: 'duplicate' };
        const [first] = await tx.rows<VenueWho>(sql`
          select ${isoTime('recorded_at')} as at, staff_username as by, device_id as "deviceId", ${deviceNameOf('race_heats.device_id')} as "deviceName"
          from race_heats where session_id = ${session.id} and heat = ${heat.heat} and attempt = ${heat.attempt}`);
        if (first) return { id: heat.id, status: 'already_recorded', first };
        const ids = runners.map((runner) => runner.registrationId);
        const checkedIn = await tx.rows<{ id: string }>(sql`
          select registration_id::text as id from venue_check_ins where session_id = ${session.id} and registration_id = any(${sql.param(ids)}::uuid[])`);
        if (checkedIn.length !== ids.length) {
          return { id: heat.id, status: 'invalid', error: { code: 'not_found', message: 'A baby in this heat is not checked in at this session: check them in first.' } };
        }
        if (!heat.voidReason) {
          const ran = await tx.rows<{ heat: number }>(sql`
            select h.heat from heat_runners r join race_heats h on h.id = r.heat_id
            where r.session_id = ${session.id} and r.registration_id = any(${sql.param(ids)}::uuid[]) limit 1`);
          if (ran[0]) return { id: heat.id, status: 'invalid', error: { code: 'validation_failed', message: `A baby in this heat already ran in heat ${ran[0].heat}: a baby runs one heat per session.` } };
        }
        await ensureLiveSession(tx, session.id);
        if ((await liveSessionOf(tx, session.id)).state === 'published') {
          return { id: heat.id, status: 'invalid', error: { code: 'validation_failed', message: 'This session’s results are published: no more heats can be recorded.' } };
        }
        await tx.rows(sql`
          insert into race_heats (id, session_id, heat, attempt, final, void_reason, runners, staff_username, device_id, recorded_at)
          values (${id}::uuid, ${session.id}, ${heat.heat}, ${heat.attempt}, ${heat.final}, ${heat.voidReason}, ${JSON.stringify(runners)}::jsonb, ${staff}, ${heat.deviceId}, ${heat.recordedAt}::timestamptz)`);
        if (!heat.voidReason) {
          await tx.rows(sql`
            insert into heat_runners (session_id, registration_id, heat_id)
            select ${session.id}, registration_id, ${id}::uuid from unnest(${sql.param(ids)}::uuid[]) as input(registration_id)`);
        }
        return { id: heat.id, status: 'created' };
      }),
    );
  }
  return results;
}

export type HeatView = HeatRecord & { id: string; recordedAt: string; by: string; deviceName: string | null };

async function heatsOf(database: Queryable, sessionId: string): Promise<HeatView[]> {
  return database.rows(sql`
    select id::text as id, heat, attempt, final, void_reason as "voidReason", runners, ${isoTime('recorded_at')} as "recordedAt", staff_username as by,
      ${deviceNameOf('race_heats.device_id')} as "deviceName"
    from race_heats where session_id = ${sessionId} order by heat, attempt`);
}

// ---------------------------------------------------------------- results

export type SessionState = {
  live: LiveSessionRow;
  panel: { judgeId: string; username: string }[];
  performers: (PerformerResult & { status: PerformanceStatus; overTime: boolean })[];
  progress: SessionProgress | null;
  heats: HeatView[];
  runners: RunnerResult[];
  checkedIn: number;
};

/** A session's results as they stand, from its sheets (a panel) or heats (a race), read through `db` (a transaction or not). */
async function standing(db: Queryable, session: VenueSession): Promise<Pick<SessionState, 'performers' | 'progress' | 'heats' | 'runners'>> {
  if (session.judging === 'race') {
    const heats = await heatsOf(db, session.id);
    return { performers: [], progress: null, heats, runners: computeRaceResults({ session, heats }) };
  }
  const [order, sheets, panel] = await Promise.all([runningOrderOf(db, session.id), sheetsOf(db, session.id), panelOf(db, session.id)]);
  const computed = computeSessionResults({
    session,
    panel: panel.map((judge) => judge.judgeId),
    performers: order.map((row) => ({ number: row.number, registrationId: row.registrationId, status: row.status, overTime: row.overTime })),
    sheets,
  });
  const byNumber = new Map(order.map((row) => [row.number, row]));
  return {
    performers: computed.performers.map((result) => ({ ...result, status: byNumber.get(result.number)!.status, overTime: byNumber.get(result.number)!.overTime })),
    progress: computed.progress,
    heats: [],
    runners: [],
  };
}

/** A session's results as they stand (computed from the sheets or heats on every look), with its progress. */
export async function sessionState(database: Database, session: VenueSession): Promise<SessionState> {
  await numberCheckedIn(database, session);
  const [live, panel, checkedIn] = await Promise.all([
    liveSessionOf(database, session.id),
    panelOf(database, session.id),
    database.rows<{ count: number }>(sql`select count(*)::int as count from venue_check_ins where session_id = ${session.id}`),
  ]);
  return { live, panel, checkedIn: Number(checkedIn[0]?.count ?? 0), ...(await standing(database, session)) };
}

/**
 * Publishes a session's results: stores each child's result as it stands (what families' pages,
 * emails, certificates and the hall screen read from then on) and closes the session to sheets
 * and heats. Once: a second publish finds it published and changes nothing.
 */
export async function publishSession(database: Database, session: VenueSession, by: string, now: Date): Promise<{ published: boolean; children: number }> {
  await numberCheckedIn(database, session);
  return inTransaction(database, async (tx) => {
    await ensureLiveSession(tx, session.id);
    const moved = await tx.rows(sql`
      update live_sessions set state = 'published', published_at = ${now.toISOString()}::timestamptz, published_by = ${by}
      where session_id = ${session.id} and state = 'scoring' returning 1`);
    if (moved.length === 0) return { published: false, children: 0 };
    // Read under the lock that closed the session: no sheet or heat can slip in after this.
    const fresh = await standing(tx, session);
    const rows =
      session.judging === 'race'
        ? fresh.runners.map((runner) => ({ registrationId: runner.registrationId, number: runner.heat, final: null, timeMs: runner.timeMs, place: runner.place, award: runner.award, qualifies: runner.award !== 'participated', detail: { heat: runner.heat, finish: runner.finish } }))
        : fresh.performers
            .filter((performer) => performer.status !== 'did-not-perform')
            .map((performer) => ({
              registrationId: performer.registrationId,
              number: performer.number,
              final: performer.final,
              timeMs: null,
              place: performer.place,
              award: performer.award,
              qualifies: performer.qualifies,
              detail: { judges: performer.judges, recused: performer.recused, deduction: performer.deduction },
            }));
    if (rows.length > 0) {
      await tx.rows(sql`
        insert into session_places (session_id, registration_id, number, final, time_ms, place, award, qualifies, detail)
        select ${session.id}, registration_id, number, final, time_ms, place, award, qualifies::bool, detail::jsonb
        from unnest(${sql.param(rows.map((row) => row.registrationId))}::uuid[], ${sql.param(rows.map((row) => row.number))}::int[],
          ${sql.param(rows.map((row) => row.final))}::float8[], ${sql.param(rows.map((row) => row.timeMs))}::int[], ${sql.param(rows.map((row) => row.place))}::int[],
          ${sql.param(rows.map((row) => row.award))}::text[], ${sql.param(rows.map((row) => String(row.qualifies)))}::text[], ${sql.param(rows.map((row) => JSON.stringify(row.detail)))}::text[])
          as input(registration_id, number, final, time_ms, place, award, qualifies, detail)
        on conflict do nothing`);
    }
    return { published: true, children: rows.length };
  });
}

/** One result email per child with a published result in the session (once, however often this runs). */
export async function queueSessionEmails(database: Database, sessionId: string): Promise<number> {
  const queued = await database.rows<{ id: string }>(sql`
    insert into mail_outbox (registration_id, template, reason, session_id)
    select p.registration_id, 'session-result', 'session-published', ${sessionId}
    from session_places p join registrations g on g.id = p.registration_id
    where p.session_id = ${sessionId} and g.deleted_at is null
    on conflict do nothing
    returning id`);
  return queued.length;
}

export type PublishedPlace = {
  sessionId: string;
  registrationId: string;
  number: number | null;
  final: number | null;
  timeMs: number | null;
  place: number | null;
  award: string;
  qualifies: boolean;
  detail: { recused?: number; deduction?: number; heat?: number } | null;
  pool: number;
};

/** A child's published session results (families' pages and emails). */
export async function publishedPlacesOf(database: Database, registrationId: string, sessionId?: string): Promise<PublishedPlace[]> {
  return database.rows(sql`
    select p.session_id as "sessionId", p.registration_id::text as "registrationId", p.number, p.final, p.time_ms as "timeMs", p.place, p.award, p.qualifies, p.detail,
      (select count(*)::int from session_places o where o.session_id = p.session_id and o.place is not null) as pool
    from session_places p join live_sessions s on s.session_id = p.session_id and s.state = 'published'
    where p.registration_id = ${registrationId}::uuid ${sessionId ? sql`and p.session_id = ${sessionId}` : sql``}
    order by p.session_id`);
}

/** The hall screen's published results: place, running number and the name as the family chose (first name and initial, or the code). */
export async function hallResults(database: Database, sessionId: string) {
  return database.rows<{ place: number | null; number: number | null; final: number | null; timeMs: number | null; award: string; name: string | null; resultsName: 'initial' | 'code'; referenceCode: string }>(sql`
    select p.place, p.number, p.final, p.time_ms as "timeMs", p.award, r.name, r.results_name as "resultsName", r.reference_code as "referenceCode"
    from session_places p join registrations r on r.id = p.registration_id
    where p.session_id = ${sessionId} and r.deleted_at is null and p.place is not null
    order by p.place, p.number`);
}

/** Children's names for the session's status page (staff and admins, audited): by registration id. */
export async function childNamesOf(database: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await database.rows<{ id: string; name: string | null }>(sql`select id::text as id, name from registrations where id = any(${sql.param([...ids])}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.name ?? '']));
}
