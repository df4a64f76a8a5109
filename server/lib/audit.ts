import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { auditLog } from '../db/schema';
import { clientIp, userAgentOf } from './client-ip';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'login_blocked'
  | 'logout'
  | 'registration.update'
  | 'registration.delete'
  | 'registration.restore'
  | 'contact.handled'
  | 'contact.unhandled';

export type AuditEntry = {
  admin: { id: string | null; username: string };
  action: AuditAction;
  entityType?: string;
  entityId?: string;
  changes?: Record<string, unknown>;
};

/** Writes one audit row with who, when (the row's created_at), from where and what changed. */
export async function audit(c: Context<AppEnv>, entry: AuditEntry): Promise<void> {
  await c.var.deps.database.db.insert(auditLog).values({
    adminId: entry.admin.id,
    adminUsername: entry.admin.username.slice(0, 200),
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    ip: clientIp(c),
    userAgent: userAgentOf(c),
    changes: entry.changes ?? null,
    createdAt: c.var.deps.now().toISOString(),
  });
}

/** The fields whose values differ, as `{ field: { from, to } }`. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}
