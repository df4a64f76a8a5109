import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Legacy admin paths: GET /api/users and PUT /api/users/deleteuser/:id. */
export const legacyUserAdminRoutes = new Hono<AppEnv>();
