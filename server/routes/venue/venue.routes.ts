import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { IMPLAUSIBLE_DEVICE_TIME, isPlausibleDeviceTime } from '@domain/dates';
import { registrationFormSchema } from '@domain/registration';
import { VENUE_SESSIONS, venueSessionById, type VenueSession } from '@domain/season';
import { VENUE_BATCH_LIMIT, checkInInputSchema, feeInputSchema, walkInMarkSchema } from '@domain/venue';
import type { AppEnv } from '../../context';
import type { Database } from '../../db/client';
import { checkRecord, inBatchTurn, readBatch, splitBatch, type Checked } from '../../lib/batch';
import { ApiError, readJson, validate } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { isStorableText } from '../../lib/storable-text';
import { requireAdmin, requireVenueAccount, signedInAdmin } from '../../lib/require-admin';
import { checkRegistration, registrationResult, type RegistrationResult } from '../registrations/registration-batch';
import { createRegistrations, type RegistrationWrite } from '../../db/stores/registration-store';
import {
  decodeRosterCursor,
  heldRecords,
  markWalkIns,
  nameDevices,
  recordCheckIns,
  recordFees,
  rosterSince,
  sessionSummary,
} from '../../db/stores/venue-store';
import { numberCheckedIn } from '../../db/stores/live-store';

const uuid = z.uuid();
/** A session id as a device remembers it: one no longer in the season is simply not held; one the database cannot hold is refused. */
const askedSessionId = z.string().max(100).refine(isStorableText, 'The session id holds characters no session has.');
const reconcileSchema = z.object({
  registrations: z.array(uuid).max(5_000).default([]),
  checkIns: z.array(z.object({ id: uuid, sessionId: askedSessionId, registrationId: uuid })).max(5_000).default([]),
  fees: z.array(z.object({ id: uuid, sessionId: askedSessionId, registrationId: uuid })).max(5_000).default([]),
  heats: z.array(z.object({ id: uuid, sessionId: askedSessionId, heat: z.number().int().min(1).max(500), attempt: z.number().int().min(1).max(10) })).max(5_000).default([]),
});

function sessionOf(id: string): VenueSession {
  const session = venueSessionById(id);
  if (!session) throw new ApiError(404, 'not_found', 'There is no session with that id this season.');
  return session;
}

/** The valid records of a batch, grouped by the session each names (the store works a session at a time). */
function bySession<T extends { sessionId: string }>(valid: { index: number; data: T }[]): Map<string, { index: number; data: T }[]> {
  const groups = new Map<string, { index: number; data: T }[]>();
  for (const item of valid) groups.set(item.data.sessionId, [...(groups.get(item.data.sessionId) ?? []), item]);
  return groups;
}

type WalkIn = { write: RegistrationWrite; sessionId: string; deviceId: string; deviceName?: string | undefined };

/**
 * A walk-in is a new registration (a child's needs the parent's consent, taken by the staff
 * member) for a contest the session holds, plus where it was made.
 */
function checkWalkIn(record: unknown, now: Date): Checked<WalkIn> {
  const registration = checkRegistration(registrationFormSchema, record, now, 'venue');
  const mark = checkRecord(walkInMarkSchema, record);
  if ('data' in registration && 'data' in mark) {
    const session = venueSessionById(mark.data.sessionId);
    if (!session) return { fields: { sessionId: 'There is no session with that id this season.' } };
    const held: readonly string[] = session.categories;
    const elsewhere = registration.data.registration.categories.filter((slug) => !held.includes(slug));
    if (elsewhere.length > 0) return { fields: { categories: `This session holds only ${session.categories.join(' and ')}: register other contests online.` } };
    return { data: { write: registration.data, ...mark.data } };
  }
  return { fields: { ...('fields' in registration ? registration.fields : {}), ...('fields' in mark ? mark.fields : {}) } };
}

/** A check-in or fee whose device time the server's clock makes implausible is refused, record by record. */
export function checkVenueRecord<T>(checked: Checked<T>, time: (data: T) => string, timeField: string, now: Date): Checked<T> {
  if ('data' in checked && !isPlausibleDeviceTime(time(checked.data), now)) return { fields: { [timeField]: IMPLAUSIBLE_DEVICE_TIME } };
  return checked;
}

/**
 * A batch of one kind of venue record (check-ins, fees): each record checked on its own, the valid
 * ones stored a session at a time under the signed-in account, every record answered at its index.
 */
export async function storeVenueBatch<T extends { sessionId: string; deviceId: string; deviceName?: string | undefined }, Result>(
  c: Context<AppEnv>,
  field: string,
  check: (record: unknown, now: Date) => Checked<T>,
  store: (database: Database, session: VenueSession, staff: string, items: T[]) => Promise<Result[]>,
) {
  const records = await readBatch(c, field, VENUE_BATCH_LIMIT);
  const staff = signedInAdmin(c).username;
  return inBatchTurn(async () => {
    const now = c.var.deps.now();
    const batch = splitBatch<T, { index: number } & Result>(records, (record) => check(record, now));
    // First the devices' names, so an answer that another device was first can already name it.
    await nameDevices(c.var.deps.database, batch.valid.map((v) => v.data));
    for (const [sessionId, items] of bySession(batch.valid)) {
      const outcomes = await store(c.var.deps.database, sessionOf(sessionId), staff, items.map((i) => i.data));
      items.forEach(({ index }, i) => batch.answer(index, { index, ...outcomes[i]! }));
    }
    return batch.results();
  });
}

/**
 * Venue mode (docs/api.md, "Venue mode"): any signed-in account, staff or admin. Every record
 * is stored with the signed-in username (never one the device claims) and the device's id.
 */
export const venueRoutes = new Hono<AppEnv>()
  .get('/sessions', requireVenueAccount, (c) => c.json({ sessions: VENUE_SESSIONS }, 200))
  .get('/sessions/:sessionId/roster', requireVenueAccount, readsPersonalData('read.venue.roster', 'venue_session'), async (c) => {
    const session = sessionOf(c.req.param('sessionId'));
    const cursor = decodeRosterCursor(c.req.query('cursor'));
    if (cursor === 'invalid') throw new ApiError(400, 'bad_request', 'The roster cursor is not valid. Download the roster again.');
    const page = await rosterSince(c.var.deps.database, session, cursor);
    Object.assign(readAudit(c), { entityId: session.id, details: { delta: cursor !== null, rows: page.entries.length } });
    return c.json(page, 200);
  })
  .post('/check-ins/batch', requireVenueAccount, async (c) => {
    const check = (record: unknown, now: Date) => checkVenueRecord(checkRecord(checkInInputSchema, record), (r) => r.checkedInAt, 'checkedInAt', now);
    // A panel session's checked-in children get their running numbers as their check-ins arrive (issue 45).
    const store = async (database: Database, session: VenueSession, staff: string, items: Parameters<typeof recordCheckIns>[3]) => {
      const outcomes = await recordCheckIns(database, session, staff, items);
      await numberCheckedIn(database, session);
      return outcomes;
    };
    return c.json({ results: await storeVenueBatch(c, 'checkIns', check, store) }, 200);
  })
  .post('/fees/batch', requireVenueAccount, async (c) => {
    const check = (record: unknown, now: Date) => checkVenueRecord(checkRecord(feeInputSchema, record), (r) => r.recordedAt, 'recordedAt', now);
    return c.json({ results: await storeVenueBatch(c, 'fees', check, recordFees) }, 200);
  })
  .post('/walk-ins/batch', requireVenueAccount, async (c) => {
    const records = await readBatch(c, 'walkIns', VENUE_BATCH_LIMIT);
    const staff = signedInAdmin(c).username;
    const results = await inBatchTurn(async () => {
      const now = c.var.deps.now();
      const batch = splitBatch<WalkIn, RegistrationResult>(records, (record) => checkWalkIn(record, now));
      await nameDevices(c.var.deps.database, batch.valid.map((v) => v.data));
      const outcomes = await createRegistrations(c.var.deps.database, batch.valid.map((v) => v.data.write));
      // Only a walk-in created now is marked: a duplicate (a public registration replayed here, say)
      // is never re-labelled as this device's walk-in.
      const stored = batch.valid.filter((_, i) => outcomes[i]?.status === 'created').map((v) => v.data);
      for (const sessionId of new Set(stored.map((v) => v.sessionId))) {
        await markWalkIns(
          c.var.deps.database,
          sessionOf(sessionId),
          staff,
          stored.filter((v) => v.sessionId === sessionId).map((v) => ({ registrationId: v.write.registration.id, deviceId: v.deviceId })),
        );
      }
      batch.valid.forEach(({ index, data }, i) => batch.answer(index, registrationResult(index, data.write.registration.id, outcomes[i]!)));
      return batch.results();
    });
    return c.json({ results }, 200);
  })
  .post('/reconcile', requireVenueAccount, async (c) => {
    const asked = validate(reconcileSchema, await readJson(c));
    return c.json({ held: await heldRecords(c.var.deps.database, asked) }, 200);
  });

/** Admin: per-session figures (expected, checked in, walk-ins, fees, who and which device). */
export const venueAdminRoutes = new Hono<AppEnv>().get('/summary', requireAdmin, async (c) => {
  const sessions = [];
  for (const session of VENUE_SESSIONS) sessions.push({ session, ...(await sessionSummary(c.var.deps.database, session)) });
  return c.json({ sessions }, 200);
});
