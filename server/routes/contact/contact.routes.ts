import { Hono } from 'hono';
import { contactMessageSchema } from '@domain/contact';
import type { AppEnv } from '../../context';
import { ApiError, readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { assertStorableText } from '../../lib/storable-text';
import { createContactMessage } from './contact-store';

/** Public: POST /api/contact (JSON, idempotent by id). */
export const contactRoutes = new Hono<AppEnv>().post('/', async (c) => {
  await limitPublicWrite(c, [{ bucket: 'contact', cost: 1 }]);
  const message = validate(contactMessageSchema, await readJson(c));
  assertStorableText(message);
  const outcome = await createContactMessage(c.var.deps.database.db, message);
  if (outcome.status === 'conflict') {
    throw new ApiError(409, 'conflict', 'A different message was already sent with this id.', undefined, outcome.stored);
  }
  return outcome.status === 'created'
    ? c.json({ status: 'created' as const }, 201)
    : c.json({ status: 'duplicate' as const }, 200);
});
