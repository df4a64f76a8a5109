import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** Admin: the audit log as a list. */
export const auditAdminRoutes = new Hono<AppEnv>();
