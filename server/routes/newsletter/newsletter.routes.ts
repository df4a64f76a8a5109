import { Hono } from 'hono';
import { newsletterSignupSchema } from '@domain/newsletter';
import type { AppEnv } from '../../context';
import { ApiError, readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { subscribe } from '../../db/stores/newsletter-store';

/**
 * Public: POST /api/newsletter (idempotent by id and by email, case-insensitively). The answer is
 * the same whether or not the address was already subscribed, so it reveals no one's address.
 */
export const newsletterRoutes = new Hono<AppEnv>().post('/', async (c) => {
  await limitPublicWrite(c, [{ bucket: 'newsletter', cost: 1 }]);
  const signup = validate(newsletterSignupSchema, await readJson(c));
  const status = await subscribe(c.var.deps.database.db, signup);
  if (status === 'conflict') {
    throw new ApiError(409, 'conflict', 'This sign-up id was already used for another address.');
  }
  return c.json({ status }, 200);
});
