import { RECORD_SECRET_FIELD } from '@domain/record-secret';
import { VENUE_BATCH_LIMIT } from '@domain/venue';
import type { WalkInRecord } from '../outbox-db';
import { invalidVerdict, NO_ANSWER, type BatchKind } from './batch-kind';

/** A registration made by staff at a venue session (issue 15), marked with who and which device. */
export const walkInKind: BatchKind<WalkInRecord> = {
  kind: 'walk-in',
  label: 'Walk-in registration',
  url: '/api/venue/walk-ins/batch',
  batchLimit: VENUE_BATCH_LIMIT,
  body: (records) => ({
    walkIns: records.map((record) =>
      record.recordSecret ? { ...record.payload, [RECORD_SECRET_FIELD]: record.recordSecret } : record.payload,
    ),
  }),
  verdict(result) {
    if (!result) return NO_ANSWER;
    switch (result.status) {
      case 'created':
      case 'duplicate':
        return { kind: 'synced' };
      case 'conflict':
        return {
          kind: 'conflict',
          message: result.error?.message ?? 'The server already has a different registration with this id.',
          serverCopy: result.error?.current ?? null,
        };
      case 'invalid':
        return invalidVerdict(result, 'The server found mistakes in this registration.');
      default:
        return { kind: 'transient', message: 'The server gave an answer this app does not understand.' };
    }
  },
  title: (record) => `${record.childName} (${record.referenceCode})`,
};
