import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Legacy public path: POST /api/users/createuser (the original payload). */
export const legacyUserRoutes = new Hono<AppEnv>();
