import type { InferResponseType } from 'hono/client';
import type { FeeInput, FeeStatus } from '@domain/venue';
import type { api } from '@/lib/api-client';
import { defineKind } from './kind';
import { NOT_UNDERSTOOD, NO_ANSWER, VENUE_BATCH, invalidVerdict, resultsInOrder, venueBatchPost, type FirstRecord, type VenueRecordBase } from './venue';

export type FeeRecord = VenueRecordBase & {
  kind: 'fee';
  payload: FeeInput;
  /** Set when the server already held a fee for this child (paid or waived), from another record. */
  firstFee: (FirstRecord & { status: FeeStatus }) | null;
};

type Result = InferResponseType<(typeof api.venue)['fees']['batch']['$post'], 200>['results'][number];

/** A cash fee paid, or waived with a reason, at a venue session (issue 15): the first one wins. */
export const feeKind = defineKind<FeeRecord>({
  kind: 'fee',
  label: 'Fee',
  nouns: ['fee', 'fees'],
  title: (record) =>
    `${record.payload.status === 'paid' ? `₹${record.payload.amountRupees} paid` : 'Fee waived'}: ${record.childName} (${record.referenceCode})`,
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records) => venueBatchPost('/api/venue/fees/batch', 'fees', records.map((record) => record.payload)),
    verdicts: (records, body) =>
      resultsInOrder<Result>(records, body).map((result) => {
        switch (result?.status) {
          case undefined:
            return NO_ANSWER;
          case 'created':
          case 'duplicate':
          case 'already_recorded':
            return { kind: 'synced', answer: result };
          case 'invalid':
            return invalidVerdict(result.error, 'The server could not accept this fee.');
          default:
            return NOT_UNDERSTOOD;
        }
      }),
  },
  synced: (_record, answer) => {
    const result = answer as Result;
    return result.status === 'already_recorded' ? { firstFee: result.first } : {};
  },
});
