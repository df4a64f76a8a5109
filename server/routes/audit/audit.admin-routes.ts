import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { decodeCreatedAtCursor, pageOf } from '../../lib/created-at-cursor';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin } from '../../lib/require-admin';
import { listAuditEntries } from '../../db/stores/audit-store';

/** Admin: the audit log as a list, newest first; `?kind=read` or `?kind=change` narrows it. */
// The log holds old and new values of edits and admins' typed searches: reading it is itself audited.
export const auditAdminRoutes = new Hono<AppEnv>().get('/', requireAdmin, readsPersonalData('read.audit.list', 'audit_log'), async (c) => {
  const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'bigint');
  const kind = c.req.query('kind');
  const page = pageOf(await listAuditEntries(c.var.deps.database, cursor, kind === 'read' || kind === 'change' ? kind : null));
  readAudit(c).details = { kind: kind ?? null, nextPage: Boolean(cursor), rows: page.items.length };
  return c.json(page, 200);
});
