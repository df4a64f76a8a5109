import type { InferResponseType } from 'hono/client';
import type { HeatInput } from '@domain/live-judging';
import type { api } from '@/lib/api-client';
import { defineKind } from './kind';
import { VENUE_BATCH, type FirstRecord, type VenueInput, type VenueRecordBase } from './venue';

export type HeatRecord = VenueRecordBase & {
  kind: 'heat';
  payload: HeatInput;
  /** Set when another device's record of this heat reached the server first: that one counts. */
  firstHeat: FirstRecord | null;
};

type Result = InferResponseType<(typeof api.venue)['heats']['batch']['$post'], 200>['results'][number];

/** A baby race's heat (issue 45): idempotent by its id; the first record of a heat to reach the server counts. */
export const heatKind = defineKind<HeatRecord, VenueInput<HeatInput>>({
  kind: 'heat',
  label: 'Heat',
  nouns: ['heat', 'heats'],
  title: (record) => `${record.childName}${record.payload.attempt && record.payload.attempt > 1 ? ` (run ${record.payload.attempt})` : ''}`,
  create: ({ payload, labels }) => ({ ...labels, payload, firstHeat: null }),
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records, api) => api.venue.heats.batch.$post({ json: { heats: records.map((record) => record.payload) } }),
    // already_recorded is not a failure: the heat is recorded, by whoever reached the server first.
    rules: {
      synced: ['created', 'duplicate', 'already_recorded'] satisfies Result['status'][],
      invalid: 'The server could not accept this heat.',
    },
  },
  synced: (_record, answer) => {
    const result = answer as Result;
    return result.status === 'already_recorded' ? { firstHeat: result.first } : {};
  },
});
