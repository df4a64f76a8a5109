import type { VenueRecord } from '@/lib/outbox';

export type EndOfDaySummary = {
  walkIns: number;
  /** Check-ins the server counts as this device's. */
  checkIns: number;
  /** Check-ins made here after another device had already checked the child in: they count as that device's. */
  checkInsFirstElsewhere: number;
  paid: number;
  waived: number;
  /** Fees recorded here after another device had already recorded one for the child. */
  feesFirstElsewhere: number;
};

/** What this device did for a session, as the server counts it: a record that lost the race is the other device's. */
export function endOfDaySummary(records: readonly VenueRecord[]): EndOfDaySummary {
  const summary: EndOfDaySummary = { walkIns: 0, checkIns: 0, checkInsFirstElsewhere: 0, paid: 0, waived: 0, feesFirstElsewhere: 0 };
  for (const record of records) {
    if (record.kind === 'walk-in') summary.walkIns += 1;
    else if (record.kind === 'check-in') {
      if (record.firstCheckIn && record.firstCheckIn.deviceId !== record.payload.deviceId) summary.checkInsFirstElsewhere += 1;
      else summary.checkIns += 1;
    } else if (record.kind === 'fee') {
      if (record.firstFee && record.firstFee.deviceId !== record.payload.deviceId) summary.feesFirstElsewhere += 1;
      else if (record.payload.status === 'paid') summary.paid += 1;
      else summary.waived += 1;
    }
  }
  return summary;
}
