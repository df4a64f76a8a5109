import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Public: POST /api/judges (multipart, idempotent by id). */
export const judgeRoutes = new Hono<AppEnv>();
