import type { VenueSession } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { checkInInputSchema } from '@domain/venue';
import { enqueue, type SaveResult } from '@/lib/outbox';
import type { RosterRow } from './roster-db';
import { deviceId } from '../utils/device-id';
import type { StaffSession } from './staff-session';

/** The check-in's one save path: parse with the shared schema, store it in the outbox (storing wakes the sync engine). */
export async function saveCheckIn(session: VenueSession, staff: StaffSession, child: RosterRow, dateOfBirth: string | null): Promise<SaveResult> {
  const id = crypto.randomUUID();
  const parsed = checkInInputSchema.safeParse({
    id,
    registrationId: child.registrationId,
    sessionId: session.id,
    deviceId: deviceId(),
    checkedInAt: new Date().toISOString(),
    ...(dateOfBirth ? { dateOfBirth } : {}),
  });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('check-in', { payload: parsed.data, labels: { staffUsername: staff.username, childName: child.childName, referenceCode: child.referenceCode } });
  return { saved: true, id, existing: false };
}
