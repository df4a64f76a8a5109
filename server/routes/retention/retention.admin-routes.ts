import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../lib/require-admin';
import { retentionStatus } from '../../retention/retention-job';

/** Admin: GET /api/retention, what the retention job will erase and when (counts only). */
export const retentionAdminRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) =>
  c.json(await retentionStatus(c.var.deps.database), 200),
);
