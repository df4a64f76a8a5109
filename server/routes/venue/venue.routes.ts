import { Hono } from 'hono';
import { z } from 'zod';
import { DEVICE_SAVED_AT_FIELD, deviceSavedAt } from '@domain/device-saved-at';
import { registrationFormSchema, type Registration } from '@domain/registration';
import { VENUE_SESSIONS, venueSessionById, type VenueSession } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { VENUE_BATCH_LIMIT, checkInInputSchema, feeInputSchema, walkInMarkSchema } from '@domain/venue';
import type { AppEnv } from '../../context';
import { ApiError, readJson, validate } from '../../lib/errors';
import { checkRecordSecret } from '../../lib/record-secret';
import { requireAdmin, requireSignedIn, signedInAdmin } from '../../lib/require-admin';
import { unstorableTextFields } from '../../lib/storable-text';
import { createRegistrations, type RegistrationWrite } from '../registrations/registration-store';
import { CONFLICT_MESSAGE } from '../registrations/registrations.routes';
import {
  decodeRosterCursor,
  type CheckInResult,
  type FeeResult,
  heldRecords,
  markWalkIns,
  recordCheckIns,
  recordFees,
  rosterSince,
  sessionSummary,
} from './venue-store';

const batchOf = (field: string) =>
  z.object({
    [field]: z
      .array(z.unknown(), { error: 'Send the records as a list.' })
      .min(1, 'Send at least one record.')
      .max(VENUE_BATCH_LIMIT, `Send at most ${VENUE_BATCH_LIMIT} records at a time.`),
  });

const uuid = z.uuid();
const reconcileSchema = z.object({
  registrations: z.array(uuid).max(5_000).default([]),
  checkIns: z.array(z.object({ id: uuid, sessionId: z.string().max(100), registrationId: uuid })).max(5_000).default([]),
  fees: z.array(z.object({ id: uuid, sessionId: z.string().max(100), registrationId: uuid })).max(5_000).default([]),
});

function sessionOf(id: string): VenueSession {
  const session = venueSessionById(id);
  if (!session) throw new ApiError(404, 'not_found', 'There is no session with that id this season.');
  return session;
}

function idOf(record: unknown): string | null {
  if (!record || typeof record !== 'object') return null;
  const id = (record as { id?: unknown }).id;
  return typeof id === 'string' && id.length <= 100 ? id : null;
}

type Invalid = { index: number; id: string | null; status: 'invalid'; error: { code: 'validation_failed'; message: string; fields: Record<string, string> } };

function invalid(index: number, record: unknown, fields: Record<string, string>): Invalid {
  return { index, id: idOf(record), status: 'invalid', error: { code: 'validation_failed', message: 'Some fields need attention.', fields } };
}

type WalkInResult =
  | { index: number; id: string; status: 'created' | 'duplicate'; registration?: Registration }
  | { index: number; id: string; status: 'conflict'; error: { code: 'conflict'; message: string; current?: Registration } };

/**
 * Venue mode (docs/api.md, "Venue mode"): any signed-in account, staff or admin. Every record
 * is stored with the signed-in username (never one the device claims) and the device's id.
 */
export const venueRoutes = new Hono<AppEnv>()
  .get('/sessions', requireSignedIn, (c) => c.json({ sessions: VENUE_SESSIONS }, 200))
  .get('/sessions/:sessionId/roster', requireSignedIn, async (c) => {
    const session = sessionOf(c.req.param('sessionId'));
    const cursor = decodeRosterCursor(c.req.query('cursor'));
    if (cursor === 'invalid') throw new ApiError(400, 'bad_request', 'The roster cursor is not valid. Download the roster again.');
    return c.json(await rosterSince(c.var.deps.database, session, cursor), 200);
  })
  .post('/check-ins/batch', requireSignedIn, async (c) => {
    const { checkIns } = validate(batchOf('checkIns'), await readJson(c)) as { checkIns: unknown[] };
    const staff = signedInAdmin(c).username;
    const results: (Invalid | ({ index: number } & CheckInResult))[] = [];
    const bySession = new Map<string, { index: number; input: z.output<typeof checkInInputSchema> }[]>();
    checkIns.forEach((record, index) => {
      const parsed = checkInInputSchema.safeParse(record);
      if (!parsed.success) results[index] = invalid(index, record, fieldErrorsOf(parsed.error));
      else bySession.set(parsed.data.sessionId, [...(bySession.get(parsed.data.sessionId) ?? []), { index, input: parsed.data }]);
    });
    for (const [sessionId, items] of bySession) {
      const outcomes = await recordCheckIns(c.var.deps.database, sessionOf(sessionId), staff, items.map((i) => i.input));
      items.forEach(({ index }, i) => (results[index] = { index, ...outcomes[i]! }));
    }
    return c.json({ results }, 200);
  })
  .post('/fees/batch', requireSignedIn, async (c) => {
    const { fees } = validate(batchOf('fees'), await readJson(c)) as { fees: unknown[] };
    const staff = signedInAdmin(c).username;
    const results: (Invalid | ({ index: number } & FeeResult))[] = [];
    const bySession = new Map<string, { index: number; input: z.output<typeof feeInputSchema> }[]>();
    fees.forEach((record, index) => {
      const parsed = feeInputSchema.safeParse(record);
      if (!parsed.success) results[index] = invalid(index, record, fieldErrorsOf(parsed.error));
      else bySession.set(parsed.data.sessionId, [...(bySession.get(parsed.data.sessionId) ?? []), { index, input: parsed.data }]);
    });
    for (const [sessionId, items] of bySession) {
      const outcomes = await recordFees(c.var.deps.database, sessionOf(sessionId), staff, items.map((i) => i.input));
      items.forEach(({ index }, i) => (results[index] = { index, ...outcomes[i]! }));
    }
    return c.json({ results }, 200);
  })
  .post('/walk-ins/batch', requireSignedIn, async (c) => {
    const { walkIns } = validate(batchOf('walkIns'), await readJson(c)) as { walkIns: unknown[] };
    const staff = signedInAdmin(c).username;
    const results: (Invalid | WalkInResult)[] = [];
    const valid: { index: number; id: string; write: RegistrationWrite; sessionId: string; deviceId: string }[] = [];
    walkIns.forEach((record, index) => {
      const mark = walkInMarkSchema.safeParse(record);
      // A walk-in is new: a child's needs the parent's consent, taken by the staff member.
      const parsed = registrationFormSchema.safeParse(record);
      const secret = checkRecordSecret(record);
      const fields = {
        ...(parsed.success ? unstorableTextFields(parsed.data) : fieldErrorsOf(parsed.error)),
        ...(mark.success ? {} : fieldErrorsOf(mark.error)),
        ...('fields' in secret ? secret.fields : {}),
      };
      if (parsed.success && mark.success && 'hash' in secret && Object.keys(fields).length === 0) {
        // When the device saved it, for the overview's delay chart (as registrations do).
        const savedAt = deviceSavedAt((record as Record<string, unknown>)[DEVICE_SAVED_AT_FIELD], c.var.deps.now());
        valid.push({ index, id: parsed.data.id, write: { registration: parsed.data, secretHash: secret.hash, deviceSavedAt: savedAt }, ...mark.data });
      } else {
        results[index] = invalid(index, record, fields);
      }
    });
    const outcomes = await createRegistrations(c.var.deps.database, valid.map((v) => v.write));
    // A walk-in the server holds (new, or this device's replay) is marked; a conflicting id is not.
    const stored = valid.filter((_, i) => outcomes[i]?.status !== 'conflict');
    for (const sessionId of new Set(stored.map((v) => v.sessionId))) {
      await markWalkIns(
        c.var.deps.database,
        sessionOf(sessionId),
        staff,
        stored.filter((v) => v.sessionId === sessionId).map((v) => ({ registrationId: v.id, deviceId: v.deviceId })),
      );
    }
    valid.forEach(({ index, id }, i) => {
      const outcome = outcomes[i];
      if (!outcome) return;
      const shown = outcome.visible ? { registration: outcome.registration } : {};
      results[index] =
        outcome.status === 'conflict'
          ? { index, id, status: 'conflict' as const, error: { code: 'conflict' as const, message: CONFLICT_MESSAGE, ...(shown.registration ? { current: shown.registration } : {}) } }
          : { index, id, status: outcome.status, ...shown };
    });
    return c.json({ results }, 200);
  })
  .post('/reconcile', requireSignedIn, async (c) => {
    const asked = validate(reconcileSchema, await readJson(c));
    return c.json({ held: await heldRecords(c.var.deps.database, asked) }, 200);
  });

/** Admin: per-session figures (expected, checked in, walk-ins, fees, who and which device). */
export const venueAdminRoutes = new Hono<AppEnv>().get('/summary', requireAdmin, async (c) => {
  const sessions = [];
  for (const session of VENUE_SESSIONS) sessions.push({ session, ...(await sessionSummary(c.var.deps.database, session)) });
  return c.json({ sessions }, 200);
});
