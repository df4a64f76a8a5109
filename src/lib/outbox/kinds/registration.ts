import type { InferResponseType } from 'hono/client';
import type { RegistrationInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import { REGISTRATION_BATCH_LIMIT } from '@domain/registration-rules';
import type { api } from '@/lib/api-client';
import { JSON_HEADERS, jsonPost, withSecret, type Verdict } from '../protocol';
import type { RecordBase } from '../record';
import { defineKind } from './kind';

export type RegistrationRecord = RecordBase & {
  kind: 'registration';
  payload: RegistrationInput;
  /** The code shown to the family; replaced by the server's if the server had to assign another. */
  referenceCode: string;
};

/** One record's answer in a batch, exactly as the server types it (server/routes/registrations). */
type BatchResult = InferResponseType<typeof api.registrations.batch.$post, 200>['results'][number];
type SingleAnswer = InferResponseType<typeof api.registrations.$post, 200 | 201>;

function verdictOfBatchResult(result: BatchResult | undefined): Verdict {
  // Read defensively: a server of another build may leave out what this one always sends.
  const error: { message?: string; fields?: FieldErrors; current?: unknown } | undefined =
    result && 'error' in result ? result.error : undefined;
  switch (result?.status) {
    case 'created':
    case 'duplicate':
      return { kind: 'synced', answer: result };
    case 'conflict':
      return {
        kind: 'conflict',
        message: error?.message ?? 'The server already has a different registration with this id.',
        // Present only when this device holds the record's secret and the record is not deleted.
        serverCopy: error?.current ?? result.registration ?? null,
      };
    case 'invalid':
      return { kind: 'failed', message: error?.message ?? 'The server found mistakes in this registration.', fields: error?.fields ?? null };
    case undefined:
      return { kind: 'transient', message: 'The server did not answer for this record.' };
    default:
      return { kind: 'transient', message: 'The server gave an answer this app does not understand.' };
  }
}

export const registrationKind = defineKind<RegistrationRecord>({
  kind: 'registration',
  label: 'Registration',
  nouns: ['registration', 'registrations'],
  title: (record) => record.payload.name || record.payload.instituteName || record.payload.email,
  request: (record) => jsonPost('/api/registrations', record),
  batch: {
    limit: REGISTRATION_BATCH_LIMIT,
    request: (records) => [
      '/api/registrations/batch',
      { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ registrations: records.map(withSecret) }) },
    ],
    verdicts: (records, body) => {
      const results = (body as { results?: BatchResult[] } | null)?.results ?? [];
      return records.map((record, index) =>
        verdictOfBatchResult(results.find((r) => r.id === record.id) ?? results.find((r) => r.index === index && !r.id)),
      );
    },
  },
  // The stored copy comes back only to this device (it holds the record's secret): show its code.
  synced: (_record, answer) => {
    const answered = answer as SingleAnswer | BatchResult | null;
    const code = answered && 'registration' in answered ? answered.registration?.referenceCode : undefined;
    return code ? { referenceCode: code } : {};
  },
});
