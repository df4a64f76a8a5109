import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { legacyFieldErrors, registrationInputFromLegacy } from '@domain/legacy-registration';
import { createReferenceCode } from '@domain/reference-code';
import { registrationInputSchema } from '@domain/registration';
import type { AppEnv } from '../../context';
import { ApiError, readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { createRegistration } from '../../db/stores/registration-store';

/** Public legacy: POST /api/users/createuser (the original site's payload, docs/product.md; the server assigns the id). */
export const legacyUserRoutes = new Hono<AppEnv>().post('/createuser', async (c) => {
  await limitPublicWrite(c, [{ bucket: 'registrations', cost: 1 }]);
  const payload = await readJson(c);
  const input = validateLegacy(
    registrationInputFromLegacy(payload, { id: randomUUID(), referenceCode: createReferenceCode() }),
  );
  // The id is new and the server's own, so the stored copy is exactly what this caller just sent.
  const outcome = await createRegistration(c.var.deps.database, { registration: input, secretHash: null }, 'legacy');
  return c.json({ status: 'created' as const, registration: outcome.registration }, 201);
});

function validateLegacy(input: Record<string, unknown>) {
  try {
    return validate(registrationInputSchema, input);
  } catch (error) {
    if (error instanceof ApiError && error.fields) {
      throw new ApiError(error.status, error.code, error.message, legacyFieldErrors(error.fields));
    }
    throw error;
  }
}
