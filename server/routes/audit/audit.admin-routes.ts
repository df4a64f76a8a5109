import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { decodeCreatedAtCursor, olderThan, pageOf, PAGE_SIZE, preciseTime } from '../../lib/created-at-cursor';
import { requireAdmin } from '../../lib/require-admin';

type AuditRow = {
  id: string;
  adminUsername: string;
  /** 'family' for changes a family made through their private link ("by family"). */
  actor: 'admin' | 'family' | 'system';
  /** 'read' for a view or export of personal data, 'change' for everything else. */
  kind: 'change' | 'read';
  action: string;
  entityType: string | null;
  entityId: string | null;
  ip: string | null;
  userAgent: string | null;
  changes: unknown;
  createdAt: string;
  cursorTime: string;
};

/** Admin: the audit log as a list, newest first; `?kind=read` or `?kind=change` narrows it. */
export const auditAdminRoutes = new Hono<AppEnv>().get('/', requireAdmin, async (c) => {
  const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'bigint');
  const kind = c.req.query('kind');
  const kindFilter = kind === 'read' || kind === 'change' ? sql` and t.kind = ${kind}` : sql``;
  const rows = await c.var.deps.database.rows<AuditRow>(sql`
    select t.id::text as id, t.admin_username as "adminUsername", t.actor, t.kind, t.action, t.entity_type as "entityType",
      t.entity_id as "entityId", t.ip, t.user_agent as "userAgent", t.changes,
      to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      ${preciseTime(sql`t.created_at`)} as "cursorTime"
    from audit_log t
    where true${kindFilter}${olderThan(cursor, 'bigint')}
    order by t.created_at desc, t.id desc
    limit ${PAGE_SIZE + 1}`);
  return c.json(pageOf(rows), 200);
});
