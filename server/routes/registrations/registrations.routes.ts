import { fieldCodesOf, type FieldCodes } from '@domain/message-codes';
import { DEVICE_SAVED_AT_FIELD, deviceSavedAt } from '@domain/device-saved-at';
import { Hono } from 'hono';
import { z } from 'zod';
import { REGISTRATION_BATCH_LIMIT, registrationInputSchema, type Registration } from '@domain/registration';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import type { AppEnv } from '../../context';
import { ApiError, readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { checkRecordSecret, recordSecretHash } from '../../lib/record-secret';
import { assertStorableText, unstorableTextFields } from '../../lib/storable-text';
import { createRegistration, createRegistrations, type RegistrationWrite, type WriteOutcome } from './registration-store';

const batchSchema = z.object({
  registrations: z
    .array(z.unknown(), { error: 'Send the registrations as a list.' })
    .min(1, 'Send at least one registration.')
    .max(REGISTRATION_BATCH_LIMIT, `Send at most ${REGISTRATION_BATCH_LIMIT} registrations at a time.`),
});

export const CONFLICT_MESSAGE = 'A different registration was already saved with this id.';

/**
 * The answer for one record. Without the record's secret it says only what happened (ADR 009):
 * the stored copy goes only to the device that made the record, and never for a deleted one.
 */
export type BatchResult =
  | { index: number; id: string; status: 'created' | 'duplicate'; registration?: Registration }
  | {
      index: number;
      id: string;
      status: 'conflict';
      registration?: Registration;
      error: { code: 'conflict'; message: string; current?: Registration };
    }
  | {
      index: number;
      id: string | null;
      status: 'invalid';
      error: { code: 'validation_failed'; message: string; fields: FieldErrors; codes: FieldCodes };
    };

/** Public: POST /api/registrations and /api/registrations/batch (idempotent by client UUID). */
export const registrationRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    await limitPublicWrite(c, [{ bucket: 'registrations', cost: 1 }]);
    const body = await readJson(c);
    const registration = validate(registrationInputSchema, body);
    assertStorableText(registration);
    const secretHash = recordSecretHash(body);
    const savedAt = deviceSavedAt((body as Record<string, unknown>)[DEVICE_SAVED_AT_FIELD], c.var.deps.now());
    const outcome = await createRegistration(c.var.deps.database, { registration, secretHash, deviceSavedAt: savedAt });
    const shown = outcome.visible ? { registration: outcome.registration } : {};
    if (outcome.status === 'conflict') {
      throw new ApiError(409, 'conflict', CONFLICT_MESSAGE, undefined, shown.registration);
    }
    return outcome.status === 'created'
      ? c.json({ status: 'created' as const, id: registration.id, ...shown }, 201)
      : c.json({ status: 'duplicate' as const, id: registration.id, ...shown }, 200);
  })
  .post('/batch', async (c) => {
    await limitPublicWrite(c, [{ bucket: 'batches', cost: 1 }]);
    const { registrations } = validate(batchSchema, await readJson(c));
    await limitPublicWrite(c, [{ bucket: 'registrations', cost: registrations.length }]);
    const results: (BatchResult | undefined)[] = [];
    const valid: { index: number; id: string; write: RegistrationWrite }[] = [];
    registrations.forEach((record, index) => {
      const parsed = registrationInputSchema.safeParse(record);
      const secret = checkRecordSecret(record);
      const fields = {
        ...(parsed.success ? unstorableTextFields(parsed.data) : fieldErrorsOf(parsed.error)),
        ...('fields' in secret ? secret.fields : {}),
      };
      if (parsed.success && 'hash' in secret && Object.keys(fields).length === 0) {
        const savedAt = deviceSavedAt((record as Record<string, unknown>)[DEVICE_SAVED_AT_FIELD], c.var.deps.now());
        valid.push({ index, id: parsed.data.id, write: { registration: parsed.data, secretHash: secret.hash, deviceSavedAt: savedAt } });
      } else {
        results[index] = {
          index,
          id: idOf(record),
          status: 'invalid',
          error: { code: 'validation_failed', message: 'Some fields need attention.', fields, codes: fieldCodesOf(fields) },
        };
      }
    });
    const outcomes = await createRegistrations(
      c.var.deps.database,
      valid.map((v) => v.write),
    );
    valid.forEach(({ index, id }, i) => {
      results[index] = batchResult(index, id, outcomes[i] as WriteOutcome);
    });
    return c.json({ results: results as BatchResult[] }, 200);
  });

function batchResult(index: number, id: string, outcome: WriteOutcome): BatchResult {
  const shown = outcome.visible ? { registration: outcome.registration } : {};
  if (outcome.status !== 'conflict') return { index, id, status: outcome.status, ...shown };
  return {
    index,
    id,
    status: 'conflict',
    ...shown,
    error: { code: 'conflict', message: CONFLICT_MESSAGE, ...(shown.registration ? { current: shown.registration } : {}) },
  };
}

/** The id of an invalid record, when it has a usable one, so the client can match the result. */
function idOf(record: unknown): string | null {
  if (!record || typeof record !== 'object') return null;
  const id = (record as { id?: unknown }).id;
  return typeof id === 'string' && id.length <= 100 ? id : null;
}
