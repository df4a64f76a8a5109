import type { InferResponseType } from 'hono/client';
import type { RegistrationInput } from '@domain/registration';
import { REGISTRATION_BATCH_LIMIT } from '@domain/registration-rules';
import type { api } from '@/lib/api-client';
import { withSecret } from '../protocol';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

export type RegistrationRecord = RecordBase & {
  kind: 'registration';
  payload: RegistrationInput;
  /** The code shown to the family; replaced by the server's if the server had to assign another. */
  referenceCode: string;
};

/** One record's answer, exactly as the server types it (server/routes/registrations). */
type BatchResult = InferResponseType<typeof api.registrations.batch.$post, 200>['results'][number];
type SingleAnswer = InferResponseType<typeof api.registrations.$post, 200 | 201>;

export const registrationKind = defineKind<RegistrationRecord, RegistrationInput>({
  kind: 'registration',
  label: 'Registration',
  nouns: ['registration', 'registrations'],
  title: (record) => record.payload.name || record.payload.instituteName || record.payload.email,
  create: (payload) => ({ payload, referenceCode: payload.referenceCode }),
  request: (record, api) => api.registrations.$post({ json: withSecret(record) }),
  batch: {
    limit: REGISTRATION_BATCH_LIMIT,
    request: (records, api) => api.registrations.batch.$post({ json: { registrations: records.map(withSecret) } }),
    rules: {
      synced: ['created', 'duplicate'] satisfies BatchResult['status'][],
      invalid: 'The server found mistakes in this registration.',
      conflict: 'The server already has a different registration with this id.',
    },
  },
  // The stored copy comes back only to this device (it holds the record's secret): show its code.
  synced: (_record, answer) => {
    const answered = answer as SingleAnswer | BatchResult | null;
    const code = answered && 'registration' in answered ? answered.registration?.referenceCode : undefined;
    return code ? { referenceCode: code } : {};
  },
});
