import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Admin: list contact messages, mark them handled. */
export const contactAdminRoutes = new Hono<AppEnv>();
