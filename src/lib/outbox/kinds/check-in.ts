import { VENUE_BATCH_LIMIT } from '@domain/venue';
import type { CheckInRecord } from '../outbox-db';
import { invalidVerdict, NO_ANSWER, type BatchKind } from './batch-kind';

/** A child checked in at a venue session (issue 15): idempotent by its id, the first device wins. */
export const checkInKind: BatchKind<CheckInRecord> = {
  kind: 'check-in',
  label: 'Check-in',
  url: '/api/venue/check-ins/batch',
  batchLimit: VENUE_BATCH_LIMIT,
  body: (records) => ({ checkIns: records.map((record) => record.payload) }),
  verdict(result) {
    if (!result) return NO_ANSWER;
    switch (result.status) {
      case 'created':
      case 'duplicate':
        return { kind: 'synced', changes: { ageWarning: typeof result.ageWarning === 'string' ? result.ageWarning : null } };
      case 'already_checked_in':
        // Not a failure: the child is checked in, by whoever reached the server first.
        return { kind: 'synced', changes: { firstCheckIn: result.first ?? null } };
      case 'invalid':
        return invalidVerdict(result, 'The server could not accept this check-in.');
      default:
        return { kind: 'transient', message: 'The server gave an answer this app does not understand.' };
    }
  },
  title: (record) => `${record.childName} (${record.referenceCode})`,
};
