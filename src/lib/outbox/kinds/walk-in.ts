import type { InferResponseType } from 'hono/client';
import type { RegistrationInput } from '@domain/registration';
import type { WalkInMark } from '@domain/venue';
import type { api } from '@/lib/api-client';
import { withSecret } from '../protocol';
import { defineKind } from './kind';
import { NOT_UNDERSTOOD, NO_ANSWER, VENUE_BATCH, invalidVerdict, resultsInOrder, venueBatchPost, type VenueRecordBase } from './venue';

/** A registration made by staff at a venue session, with the parent's consent taken by them. */
export type WalkInRecord = VenueRecordBase & { kind: 'walk-in'; payload: RegistrationInput & WalkInMark };

type Result = InferResponseType<(typeof api.venue)['walk-ins']['batch']['$post'], 200>['results'][number];

/** A walk-in (issue 15), marked with who made it and on which device; sent before check-ins and fees. */
export const walkInKind = defineKind<WalkInRecord>({
  kind: 'walk-in',
  label: 'Walk-in registration',
  nouns: ['walk-in registration', 'walk-in registrations'],
  title: (record) => `${record.childName} (${record.referenceCode})`,
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records) => venueBatchPost('/api/venue/walk-ins/batch', 'walkIns', records.map(withSecret)),
    verdicts: (records, body) =>
      resultsInOrder<Result>(records, body).map((result) => {
        switch (result?.status) {
          case undefined:
            return NO_ANSWER;
          case 'created':
          case 'duplicate':
            return { kind: 'synced', answer: result };
          case 'conflict':
            return {
              kind: 'conflict',
              message: result.error.message,
              // Present only when this device holds the record's secret (ADR 009).
              serverCopy: result.error.current ?? null,
            };
          case 'invalid':
            return invalidVerdict(result.error, 'The server found mistakes in this registration.');
          default:
            return NOT_UNDERSTOOD;
        }
      }),
  },
});
