import { Hono } from 'hono';
import { contactMessageSchema } from '@domain/contact';
import type { AppEnv } from '../../context';
import { ApiError, readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { recordSecretHash } from '../../lib/record-secret';
import { createContactMessage } from '../../db/stores/contact-store';

/** Public: POST /api/contact (JSON, idempotent by id; the stored copy only for the record's secret). */
export const contactRoutes = new Hono<AppEnv>().post('/', async (c) => {
  await limitPublicWrite(c, [{ bucket: 'contact', cost: 1 }]);
  const body = await readJson(c);
  const message = validate(contactMessageSchema, body);
  const outcome = await createContactMessage(c.var.deps.database.db, message, recordSecretHash(body));
  if (outcome.status === 'conflict') {
    const current = outcome.visible ? outcome.stored : undefined;
    throw new ApiError(409, 'conflict', 'A different message was already sent with this id.', undefined, current);
  }
  return outcome.status === 'created'
    ? c.json({ status: 'created' as const, id: message.id }, 201)
    : c.json({ status: 'duplicate' as const, id: message.id }, 200);
});
