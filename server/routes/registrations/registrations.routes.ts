import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Public: POST /api/registrations and /api/registrations/batch (idempotent by client UUID). */
export const registrationRoutes = new Hono<AppEnv>();
