import type { InferResponseType } from 'hono/client';
import type { PerformanceMarkInput } from '@domain/live-judging';
import type { api } from '@/lib/api-client';
import { defineKind } from './kind';
import { childTitle, VENUE_BATCH, type VenueInput, type VenueRecordBase } from './venue';

export type MarkRecord = VenueRecordBase & { kind: 'mark'; payload: PerformanceMarkInput };

type Result = InferResponseType<(typeof api.venue)['marks']['batch']['$post'], 200>['results'][number];

/**
 * Staff's mark on a performer of a live session (issue 45): moved in the running order, performs
 * later, did not perform, over the time limit. The newest mark wins, so an older one that
 * arrives later is answered `older` and changes nothing.
 */
export const markKind = defineKind<MarkRecord, VenueInput<PerformanceMarkInput>>({
  kind: 'mark',
  label: 'Running order',
  nouns: ['running-order change', 'running-order changes'],
  title: childTitle,
  create: ({ payload, labels }) => ({ ...labels, payload }),
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records, api) => api.venue.marks.batch.$post({ json: { marks: records.map((record) => record.payload) } }),
    rules: {
      synced: ['saved', 'older'] satisfies Result['status'][],
      invalid: 'The server could not accept this change to the running order.',
    },
  },
});
