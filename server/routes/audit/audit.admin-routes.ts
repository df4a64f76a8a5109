import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { decodeCreatedAtCursor, pageOf } from '../../lib/created-at-cursor';
import { requireAdmin } from '../../lib/require-admin';
import { listAuditEntries } from '../../db/stores/audit-store';

/** Admin: the audit log as a list, newest first; `?kind=read` or `?kind=change` narrows it. */
export const auditAdminRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
  const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'bigint');
  const kind = c.req.query('kind');
  return c.json(pageOf(await listAuditEntries(c.var.deps.database, cursor, kind === 'read' || kind === 'change' ? kind : null)), 200);
});
