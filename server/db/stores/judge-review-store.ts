import { eq, sql } from 'drizzle-orm';
import type { JudgeStatus } from '@domain/judge-review';
import type { Database } from '../client';
import { judgeApplications, type mailOutbox } from '../schema';
import { olderThan, PAGE_SIZE, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { isoTime, preciseTime } from '../../lib/sql-time';
import { toMailStatus, type MailStatus } from './mail-outbox-store';

/** A judge application as the admin reviews it. */
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

type JudgeRow = Omit<AdminJudgeApplication, 'decisionEmail'>;

const COLUMNS = sql`t.id::text as id, t.name, t.email, t.expertise, t.experience, t.bio, (t.photo_size is not null) as "hasPhoto",
  t.status, t.note, case when t.status_changed_at is null then null else ${isoTime(sql`t.status_changed_at`)} end as "statusChangedAt",
  ${isoTime(sql`t.created_at`)} as "createdAt"`;

const withNumbers = <T extends { experience: number }>(row: T): T => ({ ...row, experience: Number(row.experience) });

/** The newest decision email of each application. Raw: `distinct on` picks one row per application. */
async function decisionEmails(database: Database, ids: string[]): Promise<Map<string, MailStatus>> {
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

/** Adds each application's newest decision email. */
export async function withDecisionEmails<T extends JudgeRow>(database: Database, rows: T[]): Promise<(T & { decisionEmail: MailStatus | null })[]> {
  const emails = await decisionEmails(database, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, decisionEmail: emails.get(row.id) ?? null }));
}

/** One admin page of live applications, newest first, of one status or all. Raw SQL for the keyset page. */
export async function listReviewedApplications(database: Database, cursor: CreatedAtCursor | null, status: JudgeStatus | null) {
  const statusFilter = status ? sql` and t.status = ${status}` : sql``;
  const rows = await database.rows<JudgeRow & { cursorTime: string }>(sql`
    select ${COLUMNS}, ${preciseTime(sql`t.created_at`)} as "cursorTime"
    from judge_applications t
    where t.erased_at is null${statusFilter}${olderThan(cursor, 'uuid')}
    order by t.created_at desc, t.id desc
    limit ${PAGE_SIZE + 1}`);
  return rows.map(withNumbers);
}

/** The approved judges, by expertise. */
export async function approvedJudges(database: Database) {
  const rows = await database.rows<{ id: string; name: string; expertise: string; experience: number }>(sql`
    select t.id::text as id, t.name, t.expertise, t.experience from judge_applications t
    where t.status = 'approved' and t.erased_at is null order by t.expertise, t.name`);
  return rows.map(withNumbers);
}

/** A live application as it is now, or null. */
export async function reviewedApplication(database: Database, id: string): Promise<JudgeRow | null> {
  const [row] = await database.rows<JudgeRow>(sql`select ${COLUMNS} from judge_applications t where t.id = ${id}::uuid and t.erased_at is null`);
  return row ? withNumbers(row) : null;
}

/** Sets status and note; `status_changed_at` moves only when the status does. */
export async function setReview(
  database: Database,
  id: string,
  review: { status: JudgeStatus; note: string | null; statusChanged: boolean; at: Date },
): Promise<JudgeRow | null> {
  const [row] = await database.rows<JudgeRow>(sql`
    update judge_applications t set status = ${review.status}, note = ${review.note},
      status_changed_at = case when ${review.statusChanged} then ${review.at.toISOString()}::timestamptz else t.status_changed_at end
    where t.id = ${id}::uuid and t.erased_at is null
    returning ${COLUMNS}`);
  return row ? withNumbers(row) : null;
}

/** What a decision email needs: the applicant's name, address and expertise (null address once erased). */
export async function decisionRecipient(database: Database, id: string) {
  const [application] = await database.db
    .select({ name: judgeApplications.name, email: judgeApplications.email, expertise: judgeApplications.expertise, erasedAt: judgeApplications.erasedAt })
    .from(judgeApplications)
    .where(eq(judgeApplications.id, id));
  return application ?? null;
}
