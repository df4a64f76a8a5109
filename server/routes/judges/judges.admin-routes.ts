import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { CATEGORY_SLUGS } from '@domain/categories';
import { EXPERTISE_FOR_CATEGORY, judgeReviewSchema, JUDGE_STATUSES, type JudgeStatus } from '@domain/judge-review';
import type { AppEnv } from '../../context';
import { audit, auditRead } from '../../lib/audit';
import { decodeCreatedAtCursor, olderThan, pageOf, PAGE_SIZE, preciseTime } from '../../lib/created-at-cursor';
import { ApiError, readJson, validate } from '../../lib/errors';
import { requireAdmin, signedInAdmin } from '../../lib/require-admin';
import { isStorableText } from '../../lib/storable-text';
import { queueMail, toMailStatus, type MailStatus } from '../../mail/mail-outbox-store';
import { type mailOutbox } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'There is no judge application with that id.';

export type AdminJudgeApplication = {
  id: string;
  name: string;
  email: string | null;
  expertise: string;
  experience: number;
  bio: string;
  hasPhoto: boolean;
  status: JudgeStatus;
  note: string | null;
  statusChangedAt: string | null;
  createdAt: string;
  /** The newest email about the decision (queued, sent, failed…), null before any. */
  decisionEmail: MailStatus | null;
};

const iso = (column: string) => sql.raw(`to_char(t.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`t.id::text as id, t.name, t.email, t.expertise, t.experience, t.bio, (t.photo_size is not null) as "hasPhoto",
  t.status, t.note, case when t.status_changed_at is null then null else ${iso('status_changed_at')} end as "statusChangedAt",
  ${iso('created_at')} as "createdAt"`;

type JudgeRow = Omit<AdminJudgeApplication, 'decisionEmail'>;

async function decisionEmails(database: AppEnv['Variables']['deps']['database'], ids: string[]): Promise<Map<string, MailStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await database.rows<typeof mailOutbox.$inferSelect>(sql`
    select distinct on (m.judge_application_id) m.id, m.registration_id as "registrationId", m.judge_application_id as "judgeApplicationId",
      m.template, m.reason, m.decision, m.status, m.attempts, m.next_attempt_at as "nextAttemptAt", m.lease_token as "leaseToken",
      m.lease_expires_at as "leaseExpiresAt", m.last_error as "lastError", m.sent_to as "sentTo", m.sent_at as "sentAt",
      m.message_id as "messageId", m.created_at as "createdAt", m.updated_at as "updatedAt"
    from mail_outbox m
    where m.judge_application_id = any(${sql.param(ids)}::uuid[])
    order by m.judge_application_id, m.created_at desc, m.id desc`);
  return new Map(rows.map((row) => [row.judgeApplicationId as string, toMailStatus(row)]));
}

/**
 * Admin: judge applications (list, review with status and internal note, photos) and the
 * panel of approved judges. Approving or rejecting queues the applicant's email through the mail
 * outbox (ADR 013) in the same statement as the change; every change is audited, and every
 * list and photo view is a read-audit entry.
 */
export const judgeAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    const status = c.req.query('status');
    if (status && !(JUDGE_STATUSES as readonly string[]).includes(status)) {
      throw new ApiError(400, 'bad_request', 'status is new, shortlisted, approved or rejected.');
    }
    const statusFilter = status ? sql` and t.status = ${status}` : sql``;
    const { database } = c.var.deps;
    const rows = await database.rows<JudgeRow & { cursorTime: string }>(sql`
      select ${COLUMNS}, ${preciseTime(sql`t.created_at`)} as "cursorTime"
      from judge_applications t
      where t.erased_at is null${statusFilter}${olderThan(cursor, 'uuid')}
      order by t.created_at desc, t.id desc
      limit ${PAGE_SIZE + 1}`);
    const page = pageOf(rows.map((r) => ({ ...r, experience: Number(r.experience) })));
    const emails = await decisionEmails(database, page.items.map((item) => item.id));
    await auditRead(c, {
      admin: signedInAdmin(c),
      action: 'read.judges.list',
      entityType: 'judge_application',
      details: { filters: status ? { status } : {}, nextPage: Boolean(cursor), rows: page.items.length },
    });
    return c.json({ ...page, items: page.items.map((item) => ({ ...item, decisionEmail: emails.get(item.id) ?? null })) }, 200);
  })
  .get('/panel', requireAdmin, async (c) => {
    const rows = await c.var.deps.database.rows<{ id: string; name: string; expertise: string; experience: number }>(sql`
      select t.id::text as id, t.name, t.expertise, t.experience from judge_applications t
      where t.status = 'approved' and t.erased_at is null order by t.expertise, t.name`);
    const judges = rows.map((row) => ({ ...row, experience: Number(row.experience) }));
    const expertiseOf = new Set(judges.map((judge) => judge.expertise));
    const categories = CATEGORY_SLUGS.map((category) => {
      const covering = EXPERTISE_FOR_CATEGORY[category];
      return {
        category,
        expertise: covering,
        judges: judges.filter((judge) => (covering as readonly string[]).includes(judge.expertise)).length,
      };
    });
    return c.json({ judges, categories, expertiseWithJudges: [...expertiseOf] }, 200);
  })
  .patch('/:id', requireAdmin, async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!UUID.test(id)) throw new ApiError(404, 'not_found', NOT_FOUND);
    const review = validate(judgeReviewSchema, await readJson(c));
    if (review.note !== undefined && !isStorableText(review.note)) {
      throw new ApiError(422, 'validation_failed', 'Some fields need attention.', { note: 'Remove the hidden or broken characters from the note.' });
    }
    const { database, now } = c.var.deps;
    const admin = signedInAdmin(c);
    const [before] = await database.rows<JudgeRow>(sql`select ${COLUMNS} from judge_applications t where t.id = ${id}::uuid and t.erased_at is null`);
    if (!before) throw new ApiError(404, 'not_found', NOT_FOUND);
    const status = review.status ?? before.status;
    const note = review.note === undefined ? before.note : review.note.trim() === '' ? null : review.note;
    const statusChanged = status !== before.status;
    const [after] = await database.rows<JudgeRow>(sql`
      update judge_applications t set status = ${status}, note = ${note},
        status_changed_at = case when ${statusChanged} then ${now().toISOString()}::timestamptz else t.status_changed_at end
      where t.id = ${id}::uuid and t.erased_at is null
      returning ${COLUMNS}`);
    if (!after) throw new ApiError(404, 'not_found', NOT_FOUND);
    let email: MailStatus | null = null;
    if (statusChanged && (status === 'approved' || status === 'rejected') && after.email) {
      email = await queueMail(database.db, { judgeApplicationId: id, template: 'judge-decision', reason: 'judge-decision', decision: status });
    }
    const changes: Record<string, unknown> = {};
    if (statusChanged) changes.status = { from: before.status, to: status };
    // The note is internal but may name people: the log says it changed, not what it says.
    if (note !== before.note) changes.note = 'changed';
    if (email) changes.email = 'queued';
    else if (statusChanged && (status === 'approved' || status === 'rejected')) changes.email = 'none: no address';
    if (Object.keys(changes).length > 0) {
      await audit(c, { admin, action: 'judge.review', entityType: 'judge_application', entityId: id, changes });
    }
    const emails = await decisionEmails(database, [id]);
    return c.json({ application: { ...after, experience: Number(after.experience), decisionEmail: emails.get(id) ?? null }, email }, 200);
  })
  .get('/:id/photo', requireAdmin, async (c) => {
    const id = c.req.param('id');
    const notFound = new ApiError(404, 'not_found', 'This application has no photo.');
    if (!UUID.test(id)) throw notFound;
    const [row] = await c.var.deps.database.rows<{ photo: Uint8Array | null; type: string | null }>(
      sql`select photo, photo_type as type from judge_applications where id = ${id}::uuid`,
    );
    if (!row?.photo || !row.type) throw notFound;
    await auditRead(c, { admin: signedInAdmin(c), action: 'read.judge.photo', entityType: 'judge_application', entityId: id.toLowerCase() });
    const bytes = new Uint8Array(row.photo);
    return c.body(bytes, 200, {
      'Content-Type': row.type,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline',
    });
  });
