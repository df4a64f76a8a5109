import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/require-admin';
import { seasonOverview } from '../../db/stores/overview-store';
import { entryCounts } from '../../db/stores/entry-store';

/** Admin: GET /api/overview, the season at a glance (counts only, so no read audit). */
export const overviewAdminRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
  const [overview, entries] = await Promise.all([seasonOverview(c.var.deps.database), entryCounts(c.var.deps.database.db, 'level1')]);
  return c.json({ ...overview, entries }, 200);
});
