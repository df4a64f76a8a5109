import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/require-admin';
import { seasonOverview } from '../../db/stores/overview-store';

/** Admin: GET /api/overview, the season at a glance (counts only, so no read audit). */
export const overviewAdminRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) =>
  c.json(await seasonOverview(c.var.deps.database), 200),
);
