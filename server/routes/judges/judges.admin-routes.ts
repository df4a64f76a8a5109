import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Admin: list judge applications and serve their photos. */
export const judgeAdminRoutes = new Hono<AppEnv>();
