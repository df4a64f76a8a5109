import type { InferResponseType } from 'hono/client';
import type { CheckInInput } from '@domain/venue';
import type { api } from '@/lib/api-client';
import { defineKind } from './kind';
import { childTitle, VENUE_BATCH, type FirstRecord, type VenueInput, type VenueRecordBase } from './venue';

export type CheckInRecord = VenueRecordBase & {
  kind: 'check-in';
  payload: CheckInInput;
  /** Set when the server answered that another check-in of this child came first. */
  firstCheckIn: FirstRecord | null;
  /** The server's own age check (null: in the band, or no date of birth). */
  ageWarning: string | null;
};

type Result = InferResponseType<(typeof api.venue)['check-ins']['batch']['$post'], 200>['results'][number];

/** A child checked in at a venue session: idempotent by its id, the first device wins (ADR 018). */
export const checkInKind = defineKind<CheckInRecord, VenueInput<CheckInInput>>({
  kind: 'check-in',
  label: 'Check-in',
  nouns: ['check-in', 'check-ins'],
  title: childTitle,
  create: ({ payload, labels }) => ({ ...labels, payload, firstCheckIn: null, ageWarning: null }),
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records, api) => api.venue['check-ins'].batch.$post({ json: { checkIns: records.map((record) => record.payload) } }),
    // already_checked_in is not a failure: the child is checked in, by whoever reached the server first.
    rules: {
      synced: ['created', 'duplicate', 'already_checked_in'] satisfies Result['status'][],
      invalid: 'The server could not accept this check-in.',
    },
  },
  synced: (_record, answer) => {
    const result = answer as Result;
    if (result.status === 'already_checked_in') return { firstCheckIn: result.first };
    return { ageWarning: 'ageWarning' in result && typeof result.ageWarning === 'string' ? result.ageWarning : null };
  },
});
