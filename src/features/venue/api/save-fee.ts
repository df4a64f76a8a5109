import type { VenueSession } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { feeInputSchema, type FeeStatus } from '@domain/venue';
import { enqueue, type SaveResult } from '@/lib/outbox';
import type { RosterRow } from './roster-db';
import { rosterLabels, venueRecordBase } from './venue-record-base';
import type { StaffSession } from './staff-session';

/**
 * The fee's one save path: the amount comes from the season data; a waiver needs a reason. Parses
 * with the shared schema and stores the record in the outbox (storing wakes the sync engine).
 */
export async function saveFee(
  session: VenueSession,
  staff: StaffSession,
  child: RosterRow,
  fee: { status: FeeStatus; waiverReason?: string },
): Promise<SaveResult> {
  const base = venueRecordBase(session, child);
  const parsed = feeInputSchema.safeParse({
    ...base,
    status: fee.status,
    amountRupees: session.feeRupees,
    ...(fee.status === 'waived' ? { waiverReason: fee.waiverReason ?? '' } : {}),
    recordedAt: new Date().toISOString(),
  });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('fee', { payload: parsed.data, labels: rosterLabels(staff, child) });
  return { saved: true, id: base.id, existing: false };
}
