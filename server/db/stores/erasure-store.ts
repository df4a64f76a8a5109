import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { PRIVACY_NOTICE } from '@domain/season';
import type { Database, Db } from '../client';
import { erasureRequests, registrations } from '../schema';

type ErasureRow = typeof erasureRequests.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export function toErasureRequest(row: ErasureRow) {
  return {
    id: row.id,
    registrationId: row.registrationId,
    referenceCode: row.referenceCode,
    status: row.status,
    requestedAt: new Date(row.requestedAt).toISOString(),
    /** The date by which the organisers must have answered. */
    dueAt: new Date(row.dueAt).toISOString(),
    completedAt: row.completedAt ? new Date(row.completedAt).toISOString() : null,
    completedBy: row.completedBy,
  };
}

export type ErasureRequest = ReturnType<typeof toErasureRequest>;

/**
 * Records a family's request to erase their data, due PRIVACY_NOTICE.erasureAnswerDays later.
 * Asking again while one is open answers that one (one open request per registration).
 */
export async function requestErasure(
  db: Db,
  request: { registrationId: string; referenceCode: string; now: Date },
): Promise<{ created: boolean; request: ErasureRequest }> {
  const [inserted] = await db
    .insert(erasureRequests)
    .values({
      registrationId: request.registrationId,
      referenceCode: request.referenceCode,
      requestedAt: request.now.toISOString(),
      dueAt: new Date(request.now.getTime() + PRIVACY_NOTICE.erasureAnswerDays * DAY_MS).toISOString(),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { created: true, request: toErasureRequest(inserted) };
  const [open] = await db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.registrationId, request.registrationId), eq(erasureRequests.status, 'open')));
  if (!open) throw new Error('The open erasure request vanished.');
  return { created: false, request: toErasureRequest(open) };
}

export async function erasureRequestsFor(db: Db, registrationId: string): Promise<ErasureRequest[]> {
  const rows = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.registrationId, registrationId))
    .orderBy(desc(erasureRequests.requestedAt));
  return rows.map(toErasureRequest);
}

/** How many completed erasures the admin list shows below the open ones. */
export const COMPLETED_SHOWN = 100;

/**
 * Open requests, the nearest deadline first (with the registration's name, so an admin knows
 * whose it is), then the most recent completed ones; and the anonymous count of every erasure.
 */
export async function listErasureRequests(db: Db) {
  const name = sql<string | null>`coalesce(${registrations.name}, ${registrations.instituteName})`;
  const open = await db
    .select({ request: erasureRequests, name })
    .from(erasureRequests)
    .leftJoin(registrations, eq(registrations.id, erasureRequests.registrationId))
    .where(eq(erasureRequests.status, 'open'))
    .orderBy(asc(erasureRequests.dueAt), asc(erasureRequests.id));
  const completed = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.status, 'completed'))
    .orderBy(desc(erasureRequests.completedAt), desc(erasureRequests.id))
    .limit(COMPLETED_SHOWN);
  const [erased] = await db.select({ n: count() }).from(erasureRequests).where(eq(erasureRequests.status, 'completed'));
  return {
    items: [
      ...open.map((row) => ({ ...toErasureRequest(row.request), name: row.name, registrationType: null, categories: null })),
      ...completed.map((row) => ({
        ...toErasureRequest(row),
        name: null,
        registrationType: row.registrationType,
        categories: row.categories,
      })),
    ],
    /** Registrations erased so far: the anonymous count that outlives them. */
    erasedCount: Number(erased?.n ?? 0),
  };
}

export async function findErasureRequest(db: Db, id: string): Promise<ErasureRequest | null> {
  const [row] = await db.select().from(erasureRequests).where(eq(erasureRequests.id, id));
  return row ? toErasureRequest(row) : null;
}

/**
 * What an audit entry about an erased record keeps: its action and which fields changed, but no
 * values; a family's own entries lose their IP and browser. The SET list of `update audit_log a`,
 * shared with the retention job (server/retention).
 */
export const SCRUB_AUDIT_ENTRY = sql.raw(`changes = case when jsonb_typeof(a.changes) = 'object'
          then (select coalesce(jsonb_object_agg(k, 'erased'::text), '{}'::jsonb) from jsonb_object_keys(a.changes) k)
          else null end,
        ip = case when a.actor = 'family' then null else a.ip end,
        user_agent = case when a.actor = 'family' then null else a.user_agent end`);

/**
 * What a ledger entry about an erased registration keeps (ADR 024): the money (kind, method,
 * amount, date, receipt number), not what was written about the family. The SET list of
 * `update ledger_entries l`, shared with the retention job.
 */
export const SCRUB_LEDGER_ENTRY = sql.raw(`reference = null,
        reason = case when l.reason is null then null else 'erased' end,
        void_reason = case when l.void_reason is null then null else 'erased' end`);

/**
 * What a bank statement line about an erased registration keeps: its date, amount and state, not
 * the payer's words (their name and UPI address are in the narration), nor the words a person
 * wrote when resolving it. The SET list of
 * `update statement_rows s`, shared with the retention job.
 */
export const SCRUB_STATEMENT_ROW = sql.raw(
  `narration = 'erased', raw = null, reference = null, suggestions = null, resolution_note = case when s.resolution_note is null then null else 'erased' end`,
);

/**
 * Carries out an open request in one statement (so all or nothing): the request keeps only the
 * registration's type and categories (the anonymous count); the registration row goes, and with
 * it (by cascade) its consents, emails and links; the audit entries about it keep their actions
 * and which fields changed, but no values, and a family's own entries lose their IP and browser.
 * Returns null when there is no open request with that id.
 */
export async function carryOutErasure(
  database: Database,
  erasure: { id: string; completedBy: string; now: Date },
): Promise<ErasureRequest | null> {
  const [row] = await database.rows<ErasureRow>(sql`
    with target as (
      select e.id, e.registration_id from erasure_requests e
      where e.id = ${erasure.id}::uuid and e.status = 'open'
      for update
    ),
    registration as (
      select r.id, r.type, r.categories from registrations r join target t on r.id = t.registration_id
    ),
    completed as (
      update erasure_requests e set
        status = 'completed', completed_at = ${erasure.now.toISOString()}::timestamptz, completed_by = ${erasure.completedBy},
        registration_type = (select type from registration), categories = (select categories from registration)
      from target t where e.id = t.id
      returning e.*
    ),
    scrubbed as (
      update audit_log a set ${SCRUB_AUDIT_ENTRY}
      from target t
      where a.entity_type = 'registration' and a.entity_id = t.registration_id::text
    ),
    ledger as (
      update ledger_entries l set ${SCRUB_LEDGER_ENTRY}
      from target t
      where l.registration_id = t.registration_id
    ),
    statement as (
      update statement_rows s set ${SCRUB_STATEMENT_ROW}
      from target t
      where t.registration_id = any(s.registration_ids)
    ),
    removed as (
      delete from registrations r using target t where r.id = t.registration_id
    )
    select id, registration_id as "registrationId", reference_code as "referenceCode", status,
      requested_at as "requestedAt", due_at as "dueAt", completed_at as "completedAt", completed_by as "completedBy",
      registration_type as "registrationType", categories
    from completed`);
  return row ? toErasureRequest(row) : null;
}
