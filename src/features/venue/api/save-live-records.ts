import { heatInputSchema, performanceMarkSchema, type PerformanceStatus } from '@domain/live-judging';
import type { VenueSession } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, type SaveResult } from '@/lib/outbox';
import type { StaffSession } from './staff-session';
import { venueMark } from './venue-record-base';

/**
 * Venue mode's records for judging at the venue (issue 45), saved like a check-in: parsed with the
 * server's schema, kept in the outbox, sent when there is a connection.
 */

/** A performer's place in the running order, as staff set it: in order (at a position), later, or did not perform; and over time. */
export async function saveMark(
  session: VenueSession,
  staff: StaffSession,
  child: { registrationId: string; childName: string; referenceCode: string },
  mark: { status: PerformanceStatus; position: number | null; overTime: boolean },
): Promise<SaveResult> {
  const id = crypto.randomUUID();
  const parsed = performanceMarkSchema.safeParse({ id, registrationId: child.registrationId, ...venueMark(session), ...mark, markedAt: new Date().toISOString() });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('mark', { payload: parsed.data, labels: { staffUsername: staff.username, childName: child.childName, referenceCode: child.referenceCode } });
  return { saved: true, id, existing: false };
}

/** A heat: the babies who ran and each one's time (milliseconds; null: did not finish), or a void run. */
export async function saveHeat(
  session: VenueSession,
  staff: StaffSession,
  heat: { heat: number; attempt: number; voidReason: 'false-start' | null; runners: { registrationId: string; timeMs: number | null }[]; label: string },
): Promise<SaveResult> {
  const id = crypto.randomUUID();
  const parsed = heatInputSchema.safeParse({
    id,
    ...venueMark(session),
    heat: heat.heat,
    attempt: heat.attempt,
    voidReason: heat.voidReason,
    runners: heat.runners,
    recordedAt: new Date().toISOString(),
  });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('heat', { payload: parsed.data, labels: { staffUsername: staff.username, childName: heat.label, referenceCode: '' } });
  return { saved: true, id, existing: false };
}
