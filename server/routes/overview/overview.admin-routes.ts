import { Hono } from 'hono';
import { VITALS_PERIODS, type VitalsPeriod } from '@domain/vitals';
import type { AppEnv } from '../../context';
import { ApiError } from '../../lib/errors';
import { requireAdmin } from '../../lib/require-admin';
import { seasonOverview } from '../../db/stores/overview-store';
import { checkingQueue, entryCounts } from '../../db/stores/entry-store';
import { vitalsSummary } from '../../db/stores/vitals-store';
import { seasonFunnel } from '../../db/stores/places-store';

const isPeriod = (days: number): days is VitalsPeriod => (VITALS_PERIODS as readonly number[]).includes(days);

/** Admin: GET /api/overview, the season at a glance (counts only, so no read audit). */
export const overviewAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const { db } = c.var.deps.database;
    const [overview, entries, entryQueue, funnel] = await Promise.all([seasonOverview(c.var.deps.database), entryCounts(db, 'level1'), checkingQueue(db), seasonFunnel(c.var.deps.database)]);
    return c.json({ ...overview, entries, entryQueue, funnel }, 200);
  })
  /** Real visitors' speed (ADR 030): p75 per page, language and metric over the last 7 or 28 days. */
  .get('/vitals', requireAdmin, async (c) => {
    const days = Number(c.req.query('days') ?? '28');
    if (!isPeriod(days)) throw new ApiError(422, 'validation_failed', 'days must be 7 or 28.', { days: 'Choose 7 or 28 days.' });
    const rows = await vitalsSummary(c.var.deps.database, days, c.var.deps.now());
    return c.json({ days, rows }, 200);
  });
