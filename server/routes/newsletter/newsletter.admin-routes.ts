import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Admin: list and export newsletter subscribers. */
export const newsletterAdminRoutes = new Hono<AppEnv>();
