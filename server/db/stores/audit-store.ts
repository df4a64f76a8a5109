import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { olderThan, PAGE_SIZE, preciseTime, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { isoTime } from '../../lib/sql-time';

export type AuditRow = {
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

export type AuditKind = AuditRow['kind'];

/**
 * One page of the audit log, newest first, of one kind or both. Raw SQL for the keyset page
 * (`(created_at, id) < cursor` walks the index).
 */
export function listAuditEntries(database: Database, cursor: CreatedAtCursor | null, kind: AuditKind | null = null): Promise<AuditRow[]> {
  const kindFilter = kind ? sql` and t.kind = ${kind}` : sql``;
  return database.rows<AuditRow>(sql`
    select t.id::text as id, t.admin_username as "adminUsername", t.actor, t.kind, t.action, t.entity_type as "entityType",
      t.entity_id as "entityId", t.ip, t.user_agent as "userAgent", t.changes,
      ${isoTime(sql`t.created_at`)} as "createdAt", ${preciseTime(sql`t.created_at`)} as "cursorTime"
    from audit_log t
    where true${kindFilter}${olderThan(cursor, 'bigint')}
    order by t.created_at desc, t.id desc
    limit ${PAGE_SIZE + 1}`);
}
