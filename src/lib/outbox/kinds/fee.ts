import type { InferResponseType } from 'hono/client';
import type { FeeInput, FeeStatus } from '@domain/venue';
import type { api } from '@/lib/api-client';
import { defineKind } from './kind';
import { VENUE_BATCH, type FirstRecord, type VenueInput, type VenueRecordBase } from './venue';

export type FeeRecord = VenueRecordBase & {
  kind: 'fee';
  payload: FeeInput;
  /** Set when the server already held a fee for this child (paid or waived), from another record. */
  firstFee: (FirstRecord & { status: FeeStatus }) | null;
};

type Result = InferResponseType<(typeof api.venue)['fees']['batch']['$post'], 200>['results'][number];

/** A cash fee paid, or waived with a reason, at a venue session: the first one wins. */
export const feeKind = defineKind<FeeRecord, VenueInput<FeeInput>>({
  kind: 'fee',
  label: 'Fee',
  nouns: ['fee', 'fees'],
  title: (record) =>
    `${record.payload.status === 'paid' ? `₹${record.payload.amountRupees} paid` : 'Fee waived'}: ${record.childName} (${record.referenceCode})`,
  create: ({ payload, labels }) => ({ ...labels, payload, firstFee: null }),
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records, api) => api.venue.fees.batch.$post({ json: { fees: records.map((record) => record.payload) } }),
    rules: {
      synced: ['created', 'duplicate', 'already_recorded'] satisfies Result['status'][],
      invalid: 'The server could not accept this fee.',
    },
  },
  synced: (_record, answer) => {
    const result = answer as Result;
    return result.status === 'already_recorded' ? { firstFee: result.first } : {};
  },
});
