import type { VenueSession } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { checkInInputSchema } from '@domain/venue';
import { enqueue, type SaveResult } from '@/lib/outbox';
import type { RosterRow } from './roster-db';
import { rosterLabels, venueRecordBase } from './venue-record-base';
import type { StaffSession } from './staff-session';

/** The check-in's one save path: parse with the shared schema, store it in the outbox (storing wakes the sync engine). */
export async function saveCheckIn(session: VenueSession, staff: StaffSession, child: RosterRow, dateOfBirth: string | null): Promise<SaveResult> {
  const base = venueRecordBase(session, child);
  const parsed = checkInInputSchema.safeParse({
    ...base,
    checkedInAt: new Date().toISOString(),
    ...(dateOfBirth ? { dateOfBirth } : {}),
  });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('check-in', { payload: parsed.data, labels: rosterLabels(staff, child) });
  return { saved: true, id: base.id, existing: false };
}
