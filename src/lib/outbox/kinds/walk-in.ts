import type { InferResponseType } from 'hono/client';
import type { RegistrationInput } from '@domain/registration';
import type { WalkInMark } from '@domain/venue';
import type { api } from '@/lib/api-client';
import { withSecret } from '../protocol';
import { defineKind } from './kind';
import { childTitle, VENUE_BATCH, type VenueInput, type VenueRecordBase } from './venue';

type Payload = RegistrationInput & WalkInMark;

/** A registration made by staff at a venue session, with the parent's consent taken by them. */
export type WalkInRecord = VenueRecordBase & { kind: 'walk-in'; payload: Payload };

type Result = InferResponseType<(typeof api.venue)['walk-ins']['batch']['$post'], 200>['results'][number];

/** A walk-in, marked with who made it and on which device; sent before check-ins and fees. */
export const walkInKind = defineKind<WalkInRecord, VenueInput<Payload>>({
  kind: 'walk-in',
  label: 'Walk-in registration',
  nouns: ['walk-in registration', 'walk-in registrations'],
  title: childTitle,
  create: ({ payload, labels }) => ({ ...labels, payload }),
  needsSignIn: true,
  batch: {
    ...VENUE_BATCH,
    request: (records, api) => api.venue['walk-ins'].batch.$post({ json: { walkIns: records.map(withSecret) } }),
    rules: {
      synced: ['created', 'duplicate'] satisfies Result['status'][],
      invalid: 'The server found mistakes in this registration.',
      conflict: 'The server already has a different registration with this id.',
    },
  },
});
