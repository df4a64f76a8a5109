import { Hono } from 'hono';
import { newsletterSignupSchema } from '@domain/newsletter';
import type { AppEnv } from '../../context';
import { readJson, validate } from '../../lib/errors';
import { limitPublicWrite } from '../../lib/rate-limits';
import { subscribe } from './newsletter-store';

/** Public: POST /api/newsletter (idempotent by id and by email, case-insensitively). */
export const newsletterRoutes = new Hono<AppEnv>().post('/', async (c) => {
  await limitPublicWrite(c, [{ bucket: 'newsletter', cost: 1 }]);
  const signup = validate(newsletterSignupSchema, await readJson(c));
  const status = await subscribe(c.var.deps.database.db, signup);
  return status === 'subscribed' ? c.json({ status }, 201) : c.json({ status }, 200);
});
