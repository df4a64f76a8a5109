import { VENUE_BATCH_LIMIT } from '@domain/venue';
import type { FeeRecord } from '../outbox-db';
import { invalidVerdict, NO_ANSWER, type BatchKind } from './batch-kind';

/** A cash fee paid, or waived with a reason, at a venue session (issue 15). */
export const feeKind: BatchKind<FeeRecord> = {
  kind: 'fee',
  label: 'Fee',
  url: '/api/venue/fees/batch',
  batchLimit: VENUE_BATCH_LIMIT,
  body: (records) => ({ fees: records.map((record) => record.payload) }),
  verdict(result) {
    if (!result) return NO_ANSWER;
    switch (result.status) {
      case 'created':
      case 'duplicate':
        return { kind: 'synced' };
      case 'already_recorded':
        return { kind: 'synced', changes: { firstFee: result.first ?? null } };
      case 'invalid':
        return invalidVerdict(result, 'The server could not accept this fee.');
      default:
        return { kind: 'transient', message: 'The server gave an answer this app does not understand.' };
    }
  },
  title: (record) =>
    `${record.payload.status === 'paid' ? `₹${record.payload.amountRupees} paid` : 'Fee waived'}: ${record.childName} (${record.referenceCode})`,
};
