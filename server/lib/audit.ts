import { and, asc, eq, not } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
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
  | 'contact.unhandled'
  | 'registration.cancel'
  | 'registration.consent'
  | 'registration.erasure_requested'
  | 'registration.erase'
  | 'registration.resend_confirmation'
  | 'staff.create'
  | 'staff.reset_password'
  | 'staff.disable'
  | 'staff.enable'
  | 'judge.review'
  | 'retention.notice'
  | 'retention.erase'
  | 'payment.reported'
  | 'entry.created'
  | 'ledger.record'
  | 'ledger.void'
  | 'statement.import'
  | 'statement.match'
  | 'statement.unmatch'
  | 'statement.ignore'
  | 'statement.resolve'
  | 'statement.import_undo'
  | 'judge.invite'
  | 'account.invite_accepted'
  | 'judging.open'
  | 'judging.add_entries'
  | 'judging.state'
  | 'judging.add_judge'
  | 'judging.remove_judge'
  | 'judging.family_note'
  | 'judging.recuse'
  | 'judging.conflicts'
  | 'registration.place_confirmed'
  | 'registration.results_name'
  | 'registration.links_turned_off'
  | 'certificates.issue'
  | 'certificate.revoke'
  | 'certificate.reissue'
  | 'second_factor.setup'
  | 'second_factor.used'
  | 'second_factor.failed'
  | 'second_factor.recovery_used'
  | 'second_factor.recovery_codes'
  | 'second_factor.reset'
  | 'live.publish'
  | 'live.panel.add'
  | 'live.panel.remove'
  | 'live.head'
  | 'places.invite'
  | 'places.accept'
  | 'places.decline'
  | 'places.lapse'
  | 'places.move';

/**
 * Reads of personal data (ADR 016): kept in the same log with kind 'read', at least a year
 * (nothing deletes audit rows; the retention job only blanks values about erased records).
 */
export type ReadAction =
  | 'read.registrations.list'
  | 'read.registrations.export'
  | 'read.registration.detail'
  | 'read.judges.list'
  | 'read.judge.photo'
  | 'read.contact.list'
  | 'read.newsletter.list'
  | 'read.newsletter.export'
  | 'read.legacy_users.list'
  | 'read.judges.panel'
  | 'read.erasure_requests.list'
  | 'read.audit.list'
  | 'read.venue.roster'
  | 'read.venue.live'
  | 'read.statements.list'
  | 'read.statements.refunds'
  | 'read.statements.refunds_export'
  | 'read.ledger.unpaid'
  | 'read.ledger.list'
  | 'read.ledger.export'
  | 'read.family.registration'
  | 'read.family.data'
  | 'read.family.entries'
  | 'read.entries.list'
  | 'read.entries.missing_files'
  | 'read.entry.file'
  | 'read.judging.queue'
  | 'read.judging.file'
  | 'read.family.results'
  | 'read.family.certificate'
  | 'read.certificate.verify'
  | 'read.certificates.list'
  | 'read.certificate.file'
  | 'read.certificates.print'
  | 'read.places.list';

/** Who a family's own changes are written as: no admin, actor 'family'. */
export const BY_FAMILY = { id: null, username: 'family', actor: 'family' } as const;

/** Who reads through a public page that shows personal data (a certificate's verification page): nobody signed in. */
export const BY_VISITOR = { id: null, username: 'visitor', actor: 'visitor' } as const;

export type AuditEntry = {
  admin: { id: string | null; username: string; actor?: 'admin' | 'family' | 'system' | 'visitor' };
  action: AuditAction;
  entityType?: string;
  entityId?: string;
  changes?: Record<string, unknown>;
};

/**
 * Logs that someone was shown or exported personal data: who (an admin or staff member, or the
 * family through its private link), when, from where, and what (the action, the filters, a row count).
 */
export async function auditRead(
  c: Context<AppEnv>,
  entry: { admin: AuditEntry['admin']; action: ReadAction; entityType?: string; entityId?: string; details?: Record<string, unknown> },
): Promise<void> {
  const { details, ...rest } = entry;
  await writeAuditRow(c, { ...rest, ...(details ? { changes: details } : {}), admin: { ...entry.admin, actor: entry.admin.actor ?? 'admin' } }, 'read');
}

/** Writes one audit row with who, when (the row's created_at), from where and what changed. */
export async function audit(c: Context<AppEnv>, entry: AuditEntry): Promise<void> {
  await writeAuditRow(c, entry, 'change');
}

/** Logs a change a family made to its own registration through its private link. */
export async function auditFamily(c: Context<AppEnv>, action: AuditAction, registrationId: string, changes?: AuditEntry['changes']): Promise<void> {
  await audit(c, { admin: BY_FAMILY, action, entityType: 'registration', entityId: registrationId, ...(changes ? { changes } : {}) });
}

/** The one insert behind `audit` and `auditRead`: the request says from where, the clock when. */
async function writeAuditRow(
  c: Context<AppEnv>,
  entry: Omit<AuditEntry, 'action'> & { action: AuditAction | ReadAction },
  kind: 'change' | 'read',
): Promise<void> {
  await c.var.deps.database.db.insert(auditLog).values({
    adminId: entry.admin.id,
    adminUsername: entry.admin.username.slice(0, 200),
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    ip: clientIp(c),
    userAgent: userAgentOf(c),
    changes: entry.changes ?? null,
    actor: entry.admin.actor ?? 'admin',
    kind,
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

/**
 * The audit entries about one record, oldest first, for a family's "download my data": what
 * was done and when, who looked at it (an admin's reads; the family's own are left out), and the
 * IP and browser only on the family's own entries (an admin's are the admin's data, not the family's).
 */
export async function auditEntriesAbout(db: Db, entityType: string, entityId: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId), not(and(eq(auditLog.kind, 'read'), eq(auditLog.actor, 'family'))!)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => ({
    action: row.action,
    by: row.actor,
    changes: row.changes,
    ip: row.actor === 'family' ? row.ip : null,
    userAgent: row.actor === 'family' ? row.userAgent : null,
    at: new Date(row.createdAt).toISOString(),
  }));
}
