import type { InferResponseType } from 'hono/client';
import type { CheckInInput } from '@domain/venue';
import type { api } from '@/lib/api-client';
import { defineKind } from './kind';
import { NOT_UNDERSTOOD, NO_ANSWER, VENUE_BATCH, invalidVerdict, resultsInOrder, venueBatchPost, type FirstRecord, type VenueRecordBase } from './venue';

export type CheckInRecord = VenueRecordBase & {
  kind: 'check-in';
  payload: CheckInInput;
  /** Set when the server answered that another check-in of this child came first. */
  firstCheckIn: FirstRecord | null;
  /** The server's own age check (null: in the band, or no date of birth). */
  ageWarning: string | null;
};

type Result = InferResponseType<(typeof api.venue)['check-ins']['batch']['$post'], 200>['results'][number];

/** A child checked in at a venue session (issue 15): idempotent by its id, the first device wins (ADR 018). */
export const checkInKind = defineKind<CheckInRecord>({
  kind: 'check-in',
  label: 'Check-in',
  nouns: ['check-in', 'check-ins'],
  title: (record) => `${record.childName} (${record.referenceCode})`,
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records) => venueBatchPost('/api/venue/check-ins/batch', 'checkIns', records.map((record) => record.payload)),
    verdicts: (records, body) =>
      resultsInOrder<Result>(records, body).map((result) => {
        switch (result?.status) {
          case undefined:
            return NO_ANSWER;
          // already_checked_in is not a failure: the child is checked in, by whoever reached the server first.
          case 'created':
          case 'duplicate':
          case 'already_checked_in':
            return { kind: 'synced', answer: result };
          case 'invalid':
            return invalidVerdict(result.error, 'The server could not accept this check-in.');
          default:
            return NOT_UNDERSTOOD;
        }
      }),
  },
  synced: (_record, answer) => {
    const result = answer as Result;
    if (result.status === 'already_checked_in') return { firstCheckIn: result.first };
    return { ageWarning: 'ageWarning' in result && typeof result.ageWarning === 'string' ? result.ageWarning : null };
  },
});
