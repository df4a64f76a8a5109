import { DEVICE_SAVED_AT_FIELD, deviceSavedAt } from '@domain/device-saved-at';
import { Hono } from 'hono';
import { REGISTRATION_BATCH_LIMIT, registrationInputSchema } from '@domain/registration';
import type { AppEnv } from '../../context';
import { inBatchTurn, INVALID_MESSAGE, readBatch, splitBatch } from '../../lib/batch';
import { ApiError, readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { recordSecretHash } from '../../lib/record-secret';
import { checkRegistration, CONFLICT_MESSAGE, consentProblems, registrationResult, type RegistrationResult } from './registration-batch';
import { createRegistration, createRegistrations, type RegistrationWrite } from '../../db/stores/registration-store';

/** Public: POST /api/registrations and /api/registrations/batch (idempotent by client UUID). */
export const registrationRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    await limitPublicWrite(c, [{ bucket: 'registrations', cost: 1 }]);
    const body = await readJson(c);
    const registration = validate(registrationInputSchema, body);
    const problems = consentProblems(registration, c.var.deps.now(), 'public');
    if (Object.keys(problems).length > 0) throw new ApiError(422, 'validation_failed', INVALID_MESSAGE, problems);
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
    const records = await readBatch(c, 'registrations', REGISTRATION_BATCH_LIMIT, 'registrations', 'registration');
    const { batch, outcomes } = await inBatchTurn(async () => {
      await limitPublicWrite(c, [{ bucket: 'registrations', cost: records.length }]);
      const now = c.var.deps.now();
      const batch = splitBatch<RegistrationWrite, RegistrationResult>(records, (record) => checkRegistration(registrationInputSchema, record, now));
      return { batch, outcomes: await createRegistrations(c.var.deps.database, batch.valid.map((v) => v.data)) };
    });
    batch.valid.forEach(({ index, data }, i) => batch.answer(index, registrationResult(index, data.registration.id, outcomes[i]!)));
    return c.json({ results: batch.results() }, 200);
  });
