import { Hono } from 'hono';
import type { AppEnv } from '../../context';

/** GET /api/health: `{ ok, db }`. A failed database ping answers 503, so probes see the truth. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database } = c.var.deps;
  c.header('Cache-Control', 'no-store');
  try {
    await database.ping();
    return c.json({ ok: true as const, db: database.kind }, 200);
  } catch {
    return c.json({ ok: false as const, db: database.kind }, 503);
  }
});
