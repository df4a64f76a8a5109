import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Admin sessions: POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export const authRoutes = new Hono<AppEnv>();
