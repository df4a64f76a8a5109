import { sql } from 'drizzle-orm';
import type { CategorySlug } from '@domain/categories';
import { ageBandWarning, ageInMonthsOn, type CheckInInput, type FeeStatus, type RosterEntry, type RosterPage, type VenueWho } from '@domain/venue';
import type { VenueSession } from '@domain/season';
import type { z } from 'zod';
import type { feeInputSchema } from '@domain/venue';
import type { Database } from '../client';
import { isoTime, preciseTime } from '../../lib/sql-time';

/**
 * Venue mode's storage (docs/product.md, "Venue mode"). Every write is an insert that does
 * nothing on conflict, so a replayed record changes nothing, and the unique (session,
 * registration) index keeps the first check-in or fee when two devices record the same child.
 */

type Who = VenueWho;

/** A device's name as of now, for a qualified `device_id` column (null until the device was named). */
const deviceNameOf = (column: string) => sql.raw(`(select d.name from venue_devices d where d.device_id = ${column})`);

export type CheckInResult =
  | { id: string; status: 'created' | 'duplicate'; ageMonths: number | null; ageWarning: string | null }
  | { id: string; status: 'already_checked_in'; first: Who }
  | { id: string; status: 'invalid'; error: { code: 'not_found'; message: string } };

export type FeeResult =
  | { id: string; status: 'created' | 'duplicate' }
  | { id: string; status: 'already_recorded'; first: Who & { status: FeeStatus } }
  | { id: string; status: 'invalid'; error: { code: 'not_found' | 'validation_failed'; message: string } };

const NOT_ON_ROSTER = "This child is not on this session's list (not registered for its contests, or removed).";


/**
 * Who is on a session's roster: children (not institutes, not removed) in its contest and, for a
 * panel session (issue 45), its age band in years. `alias` names the registrations table.
 */
export function onRosterWhere(session: VenueSession, alias = 'r', includeRemoved = false) {
  const r = sql.raw(alias);
  // A semi-final's or final's roster is the children who accepted a place in it (issue 46); one
  // who declined after accepting is named as removed in a delta.
  if (session.levelId !== 'level1') {
    return sql`${r}.type = 'participant' ${includeRemoved ? sql`` : sql`and ${r}.deleted_at is null and ${r}.cancelled_at is null`}
      and exists (select 1 from level_offers o where o.registration_id = ${r}.id and o.session_id = ${session.id}
        and o.state ${includeRemoved ? sql`in ('accepted', 'declined', 'lapsed')` : sql`= 'accepted'`})`;
  }
  const band = session.ageBand ? session.ageBand.split('-').map(Number) : null;
  return sql`${r}.type = 'participant' ${includeRemoved ? sql`` : sql`and ${r}.deleted_at is null and ${r}.cancelled_at is null`}
    and ${r}.categories && ${sql.param([...session.categories])}::text[]
    ${band ? sql`and ${r}.age_unit = 'years' and ${r}.age between ${band[0]} and ${band[1]}` : sql``}`;
}

/** Registrations of these ids that are on the session's roster, with their categories. */
async function onRoster(database: Database, session: VenueSession, ids: string[]): Promise<Map<string, CategorySlug[]>> {
  if (ids.length === 0) return new Map();
  const rows = await database.rows<{ id: string; categories: CategorySlug[] }>(sql`
    select r.id::text as id, r.categories from registrations r
    where r.id = any(${sql.param(ids)}::uuid[]) and ${onRosterWhere(session)}`);
  return new Map(rows.map((row) => [row.id, row.categories]));
}

export async function recordCheckIns(
  database: Database,
  session: VenueSession,
  staffUsername: string,
  checkIns: readonly (CheckInInput & { dateOfBirth?: string | null })[],
): Promise<CheckInResult[]> {
  const known = await onRoster(database, session, [...new Set(checkIns.map((c) => c.registrationId.toLowerCase()))]);
  const rows = checkIns
    .filter((c) => known.has(c.registrationId.toLowerCase()))
    .map((c) => {
      const ageMonths = c.dateOfBirth ? ageInMonthsOn(c.dateOfBirth, session.date) : null;
      const categories = known.get(c.registrationId.toLowerCase()) ?? [];
      return {
        id: c.id.toLowerCase(),
        registrationId: c.registrationId.toLowerCase(),
        deviceId: c.deviceId,
        checkedInAt: c.checkedInAt,
        dateOfBirth: c.dateOfBirth ?? null,
        ageMonths,
        outside: ageMonths !== null && ageBandWarning(ageMonths, session, categories) !== null,
      };
    });
  const before = new Set(
    (await database.rows<{ id: string }>(sql`select id::text as id from venue_check_ins where id = any(${sql.param(rows.map((r) => r.id))}::uuid[])`)).map(
      (row) => row.id,
    ),
  );
  if (rows.length > 0) {
    const column = (pick: (row: (typeof rows)[number]) => string | number | boolean | null) => sql.param(rows.map(pick));
    await database.rows(sql`
      insert into venue_check_ins (id, registration_id, session_id, staff_username, device_id, checked_in_at, date_of_birth, age_months, age_outside_band)
      select id, registration_id, ${session.id}::text, ${staffUsername}::text, device_id, checked_in_at::timestamptz, date_of_birth, age_months, outside::boolean
      from unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.registrationId)}::uuid[], ${column((r) => r.deviceId)}::text[],
        ${column((r) => r.checkedInAt)}::text[], ${column((r) => r.dateOfBirth)}::text[], ${column((r) => r.ageMonths)}::int[],
        ${column((r) => String(r.outside))}::text[])
        as input(id, registration_id, device_id, checked_in_at, date_of_birth, age_months, outside)
      order by checked_in_at, id
      on conflict do nothing`);
  }
  const stored = await database.rows<Who & { id: string; registrationId: string; ageMonths: number | null }>(sql`
    select id::text as id, registration_id::text as "registrationId", ${isoTime('checked_in_at')} as at, staff_username as by,
      device_id as "deviceId", ${deviceNameOf('venue_check_ins.device_id')} as "deviceName", age_months as "ageMonths"
    from venue_check_ins
    where session_id = ${session.id} and registration_id = any(${sql.param(rows.map((r) => r.registrationId))}::uuid[])`);
  const byRegistration = new Map(stored.map((row) => [row.registrationId, row]));
  const seen = new Set<string>();
  return checkIns.map((c): CheckInResult => {
    const id = c.id.toLowerCase();
    const registrationId = c.registrationId.toLowerCase();
    const row = byRegistration.get(registrationId);
    if (!known.has(registrationId) || !row) return { id: c.id, status: 'invalid', error: { code: 'not_found', message: NOT_ON_ROSTER } };
    if (row.id !== id) return { id: c.id, status: 'already_checked_in', first: { at: row.at, by: row.by, deviceId: row.deviceId, deviceName: row.deviceName } };
    const ageWarning = row.ageMonths === null ? null : ageBandWarning(row.ageMonths, session, known.get(registrationId) ?? []);
    const status = seen.has(id) || before.has(id) ? 'duplicate' : 'created';
    seen.add(id);
    return { id: c.id, status, ageMonths: row.ageMonths, ageWarning };
  });
}

type FeeWrite = z.output<typeof feeInputSchema>;

export async function recordFees(database: Database, session: VenueSession, staffUsername: string, fees: readonly FeeWrite[]): Promise<FeeResult[]> {
  const known = await onRoster(database, session, [...new Set(fees.map((f) => f.registrationId.toLowerCase()))]);
  const valid = fees.filter((f) => known.has(f.registrationId.toLowerCase()) && f.amountRupees === session.feeRupees);
  const before = new Set(
    (
      await database.rows<{ id: string }>(sql`select id::text as id from venue_fees where id = any(${sql.param(valid.map((f) => f.id.toLowerCase()))}::uuid[])`)
    ).map((row) => row.id),
  );
  if (valid.length > 0) {
    const column = (pick: (fee: FeeWrite) => string | number | null) => sql.param(valid.map(pick));
    // The venue's record and its ledger entry in one statement: a fee is in both or in neither (ADR 024).
    await database.rows(sql`
      with stored as (
        insert into venue_fees (id, registration_id, session_id, staff_username, device_id, status, amount_rupees, waiver_reason, recorded_at)
        select id, registration_id, ${session.id}::text, ${staffUsername}::text, device_id, status, amount, reason, recorded_at::timestamptz
        from unnest(${column((f) => f.id.toLowerCase())}::uuid[], ${column((f) => f.registrationId.toLowerCase())}::uuid[],
          ${column((f) => f.deviceId)}::text[], ${column((f) => f.status)}::text[], ${column((f) => f.amountRupees)}::int[],
          ${column((f) => f.waiverReason ?? null)}::text[], ${column((f) => f.recordedAt)}::text[])
          as input(id, registration_id, device_id, status, amount, reason, recorded_at)
        order by recorded_at, id
        on conflict do nothing
        returning *
      )
      insert into ledger_entries (id, registration_id, kind, method, amount_paise, reason, source, source_ref, recorded_by, occurred_at, receipt_number)
      select id, registration_id, case status when 'paid' then 'payment' else 'waiver' end, case status when 'paid' then 'cash' end,
        amount_rupees * 100, waiver_reason, 'venue', session_id, staff_username, recorded_at,
        case status when 'paid' then nextval('ledger_receipt_numbers') end
      from (select * from stored where amount_rupees > 0 order by recorded_at, id) fee`);
  }
  const stored = await database.rows<Who & { id: string; registrationId: string; status: FeeStatus }>(sql`
    select id::text as id, registration_id::text as "registrationId", ${isoTime('recorded_at')} as at, staff_username as by,
      device_id as "deviceId", ${deviceNameOf('venue_fees.device_id')} as "deviceName", status
    from venue_fees
    where session_id = ${session.id} and registration_id = any(${sql.param(valid.map((f) => f.registrationId.toLowerCase()))}::uuid[])`);
  const byRegistration = new Map(stored.map((row) => [row.registrationId, row]));
  const seen = new Set<string>();
  return fees.map((f): FeeResult => {
    const id = f.id.toLowerCase();
    const registrationId = f.registrationId.toLowerCase();
    if (!known.has(registrationId)) return { id: f.id, status: 'invalid', error: { code: 'not_found', message: NOT_ON_ROSTER } };
    if (f.amountRupees !== session.feeRupees) {
      return {
        id: f.id,
        status: 'invalid',
        error: { code: 'validation_failed', message: `The fee at this session is ₹${session.feeRupees}, not ₹${f.amountRupees}.` },
      };
    }
    const row = byRegistration.get(registrationId);
    if (!row) return { id: f.id, status: 'invalid', error: { code: 'not_found', message: NOT_ON_ROSTER } };
    if (row.id !== id) return { id: f.id, status: 'already_recorded', first: { at: row.at, by: row.by, deviceId: row.deviceId, deviceName: row.deviceName, status: row.status } };
    const status = before.has(id) || seen.has(id) ? 'duplicate' : 'created';
    seen.add(id);
    return { id: f.id, status };
  });
}

/**
 * Keeps the names devices sent with their records: one row per device, holding the name the device
 * was given last (by the time it was given, on the device's clock). A record queued before a rename
 * and sent after it brings its older name, which is ignored. A name sent without its time (a record
 * made before names had one) never replaces a name that has one; among such names the latest
 * received wins, as before.
 */
export async function nameDevices(
  database: Database,
  devices: readonly { deviceId: string; deviceName?: string | undefined; deviceNamedAt?: string | undefined }[],
): Promise<void> {
  const named = new Map<string, { name: string; at: string | null }>();
  for (const device of devices) {
    if (!device.deviceName) continue;
    const at = device.deviceNamedAt ?? null;
    const seen = named.get(device.deviceId);
    const newer = at === null ? seen?.at === null : seen?.at === null || Date.parse(at) > Date.parse(seen?.at ?? '');
    if (!seen || newer) named.set(device.deviceId, { name: device.deviceName, at });
  }
  if (named.size === 0) return;
  const ids = [...named.keys()];
  await database.rows(sql`
    insert into venue_devices (device_id, name, named_at)
    select device_id, name, named_at::timestamptz
      from unnest(${sql.param(ids)}::text[], ${sql.param(ids.map((id) => named.get(id)!.name))}::text[], ${sql.param(ids.map((id) => named.get(id)!.at))}::text[]) as input(device_id, name, named_at)
    order by device_id
    on conflict (device_id) do update set name = excluded.name, named_at = excluded.named_at, updated_at = now()
      where venue_devices.name is distinct from excluded.name
        and (
          (excluded.named_at is null and venue_devices.named_at is null)
          or (excluded.named_at is not null and (venue_devices.named_at is null or excluded.named_at > venue_devices.named_at))
        )`);
}

/** Marks registrations the server stored as walk-ins made at this session by this staff member and device. */
export async function markWalkIns(
  database: Database,
  session: VenueSession,
  staffUsername: string,
  walkIns: readonly { registrationId: string; deviceId: string }[],
): Promise<void> {
  if (walkIns.length === 0) return;
  await database.rows(sql`
    insert into venue_walk_ins (registration_id, session_id, staff_username, device_id)
    select registration_id, ${session.id}::text, ${staffUsername}::text, device_id
    from unnest(${sql.param(walkIns.map((w) => w.registrationId.toLowerCase()))}::uuid[], ${sql.param(walkIns.map((w) => w.deviceId))}::text[])
      as input(registration_id, device_id)
    order by registration_id
    on conflict do nothing`);
}

/** A page of the roster changed since the cursor, oldest change first. */
const ROSTER_PAGE = 5_000;
/** A write committed a moment after a later one can carry an earlier time: each delta re-reads this much. */
const CURSOR_OVERLAP_MS = 5_000;

export type RosterCursor = { time: string; id: string } | null;

export function encodeRosterCursor(cursor: { time: string; id: string }): string {
  return Buffer.from(JSON.stringify([cursor.time, cursor.id])).toString('base64url');
}

export function decodeRosterCursor(raw: string | undefined): RosterCursor | 'invalid' {
  if (!raw) return null;
  try {
    const parsed: unknown = raw.length <= 300 ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null;
    if (!Array.isArray(parsed) || parsed.length !== 2) return 'invalid';
    const [time, id] = parsed as unknown[];
    if (typeof time !== 'string' || typeof id !== 'string') return 'invalid';
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(time) || Number.isNaN(Date.parse(time))) return 'invalid';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return 'invalid';
    return { time, id };
  } catch {
    return 'invalid';
  }
}

type RosterRow = {
  id: string;
  referenceCode: string;
  name: string | null;
  categories: CategorySlug[];
  age: number | null;
  ageUnit: 'years' | 'months' | null;
  phoneLast4: string;
  guardianName: string | null;
  checkInAt: string | null;
  checkInBy: string | null;
  checkInDevice: string | null;
  checkInDeviceName: string | null;
  feeStatus: FeeStatus | null;
  feeAmount: number | null;
  feeBy: string | null;
  feeDevice: string | null;
  feeDeviceName: string | null;
  feeAt: string | null;
  removed: boolean;
  changedAt: string;
};

/**
 * The session's roster, or what changed in it since `cursor`: registrations in the session's
 * categories with only what check-in needs. The first download leaves out removed ones; a delta
 * names them in `removed`.
 */
export async function rosterSince(database: Database, session: VenueSession, cursor: RosterCursor): Promise<RosterPage> {
  const changedAt = sql.raw(
    'greatest(r.updated_at, r.created_at, r.deleted_at, r.cancelled_at, ci.created_at, f.created_at, o.updated_at)',
  );
  // Taken before reading: a write still in flight now commits with a time after this, so the next
  // delta (from this moment minus the overlap) cannot miss it.
  const [clock] = await database.rows<{ safe: string }>(
    sql`select ${preciseTime(`(now() - interval '${CURSOR_OVERLAP_MS} milliseconds')`)} as safe`,
  );
  const rows = await database.rows<RosterRow>(sql`
    select r.id::text as id, r.reference_code as "referenceCode", r.name, r.categories, r.age, r.age_unit as "ageUnit",
      right(regexp_replace(r.phone, '\\D', '', 'g'), 4) as "phoneLast4",
      (select cr.guardian_name from consent_records cr where cr.registration_id = r.id order by cr.recorded_at desc limit 1) as "guardianName",
      case when ci.id is null then null else ${isoTime('ci.checked_in_at')} end as "checkInAt", ci.staff_username as "checkInBy", ci.device_id as "checkInDevice",
      ${deviceNameOf('ci.device_id')} as "checkInDeviceName",
      f.status as "feeStatus", f.amount_rupees as "feeAmount", f.staff_username as "feeBy", f.device_id as "feeDevice",
      ${deviceNameOf('f.device_id')} as "feeDeviceName",
      case when f.id is null then null else ${isoTime('f.recorded_at')} end as "feeAt",
      (r.deleted_at is not null or r.cancelled_at is not null or (o.state is not null and o.state <> 'accepted')) as removed,
      ${preciseTime('changed_at')} as "changedAt"
    from registrations r
    left join venue_check_ins ci on ci.registration_id = r.id and ci.session_id = ${session.id}
    left join venue_fees f on f.registration_id = r.id and f.session_id = ${session.id}
    left join level_offers o on o.registration_id = r.id and o.session_id = ${session.id}
    cross join lateral (select ${changedAt} as changed_at) c
    where ${onRosterWhere(session, 'r', true)}
      ${cursor ? sql`and (c.changed_at, r.id) > (${cursor.time}::timestamptz, ${cursor.id}::uuid)` : sql`and r.deleted_at is null and r.cancelled_at is null`}
    order by c.changed_at, r.id
    limit ${ROSTER_PAGE + 1}`);
  const complete = rows.length <= ROSTER_PAGE;
  const page = rows.slice(0, ROSTER_PAGE);
  const last = page[page.length - 1];
  let next = cursor ?? { time: '1970-01-01T00:00:00.000000Z', id: '00000000-0000-0000-0000-000000000000' };
  if (!complete && last) next = { time: last.changedAt, id: last.id };
  else if (complete && clock && clock.safe > next.time) next = { time: clock.safe, id: '00000000-0000-0000-0000-000000000000' };
  return {
    entries: page.filter((row) => !row.removed).map(toEntry),
    removed: page.filter((row) => row.removed).map((row) => row.id),
    cursor: encodeRosterCursor(next),
    complete,
  };
}

function toEntry(row: RosterRow): RosterEntry {
  return {
    registrationId: row.id,
    referenceCode: row.referenceCode,
    childName: row.name ?? '',
    categories: row.categories,
    age: row.age,
    ageUnit: row.ageUnit,
    guardianName: row.guardianName,
    phoneLast4: row.phoneLast4,
    fee:
      row.feeStatus && row.feeAt
        ? { status: row.feeStatus, amountRupees: row.feeAmount ?? 0, by: row.feeBy ?? '', deviceId: row.feeDevice ?? '', deviceName: row.feeDeviceName, at: row.feeAt }
        : null,
    checkIn: row.checkInAt
      ? { at: row.checkInAt, by: row.checkInBy ?? '', deviceId: row.checkInDevice ?? '', deviceName: row.checkInDeviceName }
      : null,
  };
}

/** Which of a device's record ids the server holds (reconciliation at the end of the day). */
export async function heldRecords(
  database: Database,
  asked: {
    registrations: string[];
    checkIns: { id: string; sessionId: string; registrationId: string }[];
    fees: { id: string; sessionId: string; registrationId: string }[];
    heats?: { id: string; sessionId: string; heat: number; attempt: number }[];
  },
): Promise<{ registrations: string[]; checkIns: string[]; fees: string[]; heats: string[] }> {
  const lower = (ids: string[]) => ids.map((id) => id.toLowerCase());
  const registrations = await database.rows<{ id: string }>(sql`
    select id::text as id from registrations where id = any(${sql.param(lower(asked.registrations))}::uuid[])`);
  // A check-in or fee that lost to another device's counts as arrived: the server answered for that child.
  const held = async (table: 'venue_check_ins' | 'venue_fees', items: { id: string; sessionId: string; registrationId: string }[]) => {
    if (items.length === 0) return [];
    const rows = await database.rows<{ id: string }>(sql`
      select input.id::text as id
      from unnest(${sql.param(lower(items.map((i) => i.id)))}::uuid[], ${sql.param(items.map((i) => i.sessionId))}::text[],
        ${sql.param(lower(items.map((i) => i.registrationId)))}::uuid[]) as input(id, session_id, registration_id)
      where exists (select 1 from ${sql.raw(table)} t where t.id = input.id
        or (t.session_id = input.session_id and t.registration_id = input.registration_id))`);
    return rows.map((row) => row.id);
  };
  // A heat (issue 45) another device recorded first counts as arrived too: the server holds that heat.
  const heats = asked.heats?.length
    ? await database.rows<{ id: string }>(sql`
        select input.id::text as id
        from unnest(${sql.param(lower(asked.heats.map((h) => h.id)))}::uuid[], ${sql.param(asked.heats.map((h) => h.sessionId))}::text[],
          ${sql.param(asked.heats.map((h) => h.heat))}::int[], ${sql.param(asked.heats.map((h) => h.attempt))}::int[]) as input(id, session_id, heat, attempt)
        where exists (select 1 from race_heats t where t.id = input.id or (t.session_id = input.session_id and t.heat = input.heat and t.attempt = input.attempt))`)
    : [];
  return {
    registrations: registrations.map((row) => row.id),
    checkIns: await held('venue_check_ins', asked.checkIns),
    fees: await held('venue_fees', asked.fees),
    heats: heats.map((row) => row.id),
  };
}

export type SessionSummary = {
  sessionId: string;
  expected: number;
  checkedIn: number;
  /** Check-ins whose age on the session's day was outside the contest's band. */
  ageOutsideBand: number;
  walkIns: number;
  fees: { paid: number; paidRupees: number; waived: number; waivedRupees: number };
  byStaff: { staffUsername: string; deviceId: string; deviceName: string | null; checkIns: number; walkIns: number; feesPaid: number; feesWaived: number }[];
};

/** The admin's view of one session: expected, checked in, walk-ins, fees, and who did what on which device. */
export async function sessionSummary(database: Database, session: VenueSession): Promise<SessionSummary> {
  const [counts] = await database.rows<{ expected: number; checkedIn: number; ageOutsideBand: number; walkIns: number; paid: number; paidRupees: number; waived: number; waivedRupees: number }>(sql`
    select
      (select count(*)::int from registrations r where ${onRosterWhere(session)}) as expected,
      (select count(*)::int from venue_check_ins where session_id = ${session.id}) as "checkedIn",
      (select count(*)::int from venue_check_ins where session_id = ${session.id} and age_outside_band) as "ageOutsideBand",
      (select count(*)::int from venue_walk_ins w join registrations r on r.id = w.registration_id and r.deleted_at is null
        where w.session_id = ${session.id}) as "walkIns",
      (select count(*)::int from venue_fees where session_id = ${session.id} and status = 'paid') as paid,
      (select coalesce(sum(amount_rupees), 0)::int from venue_fees where session_id = ${session.id} and status = 'paid') as "paidRupees",
      (select count(*)::int from venue_fees where session_id = ${session.id} and status = 'waived') as waived,
      (select coalesce(sum(amount_rupees), 0)::int from venue_fees where session_id = ${session.id} and status = 'waived') as "waivedRupees"`);
  const byStaff = await database.rows<SessionSummary['byStaff'][number]>(sql`
    select staff_username as "staffUsername", device_id as "deviceId", ${deviceNameOf('done.device_id')} as "deviceName",
      count(*) filter (where kind = 'check-in')::int as "checkIns",
      count(*) filter (where kind = 'walk-in')::int as "walkIns",
      count(*) filter (where kind = 'paid')::int as "feesPaid",
      count(*) filter (where kind = 'waived')::int as "feesWaived"
    from (
      select staff_username, device_id, 'check-in' as kind from venue_check_ins where session_id = ${session.id}
      union all select staff_username, device_id, 'walk-in' from venue_walk_ins where session_id = ${session.id}
      union all select staff_username, device_id, status from venue_fees where session_id = ${session.id}
    ) done
    group by staff_username, device_id
    order by staff_username, device_id`);
  return {
    sessionId: session.id,
    expected: counts?.expected ?? 0,
    checkedIn: counts?.checkedIn ?? 0,
    ageOutsideBand: counts?.ageOutsideBand ?? 0,
    walkIns: counts?.walkIns ?? 0,
    fees: { paid: counts?.paid ?? 0, paidRupees: counts?.paidRupees ?? 0, waived: counts?.waived ?? 0, waivedRupees: counts?.waivedRupees ?? 0 },
    byStaff,
  };
}
