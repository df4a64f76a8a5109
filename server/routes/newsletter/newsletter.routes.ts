import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Public: POST /api/newsletter (idempotent by id and by email). */
export const newsletterRoutes = new Hono<AppEnv>();
