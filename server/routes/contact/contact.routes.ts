import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Public: POST /api/contact (idempotent by id). */
export const contactRoutes = new Hono<AppEnv>();
