import { sql } from 'drizzle-orm';
import { SEASON, seasonEndsAt } from '@domain/season';
import type { Queryable } from '../client';
import { isoTime } from '../../lib/sql-time';
import { SCRUB_AUDIT_ENTRY, SCRUB_LEDGER_ENTRY, SCRUB_STATEMENT_ROW } from './erasure-store';

/** Registrations erased per statement at the end of a season (see the erasure below). */
export const ERASE_PIECE_ROWS = 5_000;

/**
 * The retention job's reads and writes (server/retention/retention-job.ts decides when, this
 * store says what): the counts still to erase, the runs already made, the notices and the
 * erasure itself. Everything takes a `Queryable`, so the job runs the steps in one transaction.
 */

const RETENTION_LOCK = 7261616;

export type RetentionCounts = {
  registrations: number;
  registrationsWithEmail: number;
  judgeApplications: number;
  contactMessages: number;
};


/** Records of this season: made before it ended (next season's registrations are not touched). */
const seasonEnd = () => seasonEndsAt().toISOString();

export async function pendingCounts(db: Queryable): Promise<RetentionCounts> {
  const [row] = await db.rows<Record<keyof RetentionCounts, number | string>>(sql`
    select
      (select count(*) from registrations where erased_at is null and created_at < ${seasonEnd()}::timestamptz) as "registrations",
      (select count(*) from registrations where erased_at is null and deleted_at is null and email <> ''
        and created_at < ${seasonEnd()}::timestamptz) as "registrationsWithEmail",
      (select count(*) from judge_applications where erased_at is null and created_at < ${seasonEnd()}::timestamptz) as "judgeApplications",
      (select count(*) from contact_messages where erased_at is null and created_at < ${seasonEnd()}::timestamptz) as "contactMessages"`);
  return {
    registrations: Number(row?.registrations ?? 0),
    registrationsWithEmail: Number(row?.registrationsWithEmail ?? 0),
    judgeApplications: Number(row?.judgeApplications ?? 0),
    contactMessages: Number(row?.contactMessages ?? 0),
  };
}

export type RunRow = { step: 'notice' | 'erase'; counts: RetentionCounts; ranAt: string };

export async function runsOf(db: Queryable): Promise<RunRow[]> {
  return db.rows<RunRow>(sql`
    select step, counts, ${isoTime('ran_at')} as "ranAt"
    from retention_runs where season_year = ${SEASON.year}`);
}


/** Whether this instance holds the job's lock until the transaction ends (another instance: false). */
export async function tryRetentionLock(tx: Queryable): Promise<boolean> {
  const [lock] = await tx.rows<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
  return lock?.locked === true;
}

/** Claims a step's row for the season: false when the step has run before (here or on another instance). */
export async function claimRetentionStep(tx: Queryable, step: RunRow['step'], counts: RetentionCounts, nowIso: string): Promise<boolean> {
  const claimed = await tx.rows<{ id: number }>(sql`
    insert into retention_runs (season_year, step, counts, ran_at)
    values (${SEASON.year}, ${step}, ${JSON.stringify(counts)}::jsonb, ${nowIso}::timestamptz)
    on conflict (season_year, step) do nothing returning id`);
  return claimed.length > 0;
}

/** The audit entry of a step that ran (actor 'system'). */
export async function auditRetentionStep(tx: Queryable, step: RunRow['step'], details: Record<string, unknown>, nowIso: string): Promise<void> {
  await tx.rows(sql`
    insert into audit_log (admin_username, action, entity_type, entity_id, changes, actor, kind, created_at)
    values ('retention job', ${step === 'notice' ? 'retention.notice' : 'retention.erase'}, 'season', ${String(SEASON.year)},
      ${JSON.stringify(details)}::jsonb, 'system', 'change', ${nowIso}::timestamptz)`);
}

export /** One notice per live registration with an email (the unique index makes a second queueing a no-op). */
async function queueNotices(tx: Queryable): Promise<void> {
  await tx.rows(sql`
    insert into mail_outbox (registration_id, template, reason)
    select r.id, 'retention-notice', 'retention' from registrations r
    where r.erased_at is null and r.deleted_at is null and r.email <> '' and r.created_at < ${seasonEnd()}::timestamptz
    on conflict (registration_id) where reason = 'retention' do nothing`);
}

export /**
 * Erases the season in one transaction. Live registrations become anonymous rows (soft-deleted,
 * erased_at set, still counted by the overview); soft-deleted ones, which no chart counts, go
 * entirely. Their consents, emails and links go too, open erasure requests are completed, and
 * audit entries about them keep no values.
 */
async function erasePersonalData(tx: Queryable, nowIso: string): Promise<void> {
  const inSeason = sql`created_at < ${seasonEnd()}::timestamptz`;
  await tx.rows(sql`
    update erasure_requests e set status = 'completed', completed_at = ${nowIso}::timestamptz, completed_by = 'retention job',
      registration_type = r.type, categories = r.categories
    from registrations r
    where e.registration_id = r.id and e.status = 'open' and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`
    update audit_log a set ${SCRUB_AUDIT_ENTRY}
    from registrations r
    where a.entity_type = 'registration' and a.entity_id = r.id::text and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`
    update audit_log a set ${SCRUB_AUDIT_ENTRY}
    from judge_applications j
    where a.entity_type = 'judge_application' and a.entity_id = j.id::text and j.erased_at is null and j.${inSeason}`);
  // What admins typed into searches and filters (a child's name, a phone) is kept in read rows.
  await tx.rows(sql`update audit_log set changes = null where kind = 'read' and changes is not null and created_at <= ${nowIso}::timestamptz`);
  // Venue mode's own personal fields: a baby's date of birth, the reason a fee was waived.
  await tx.rows(sql`
    update venue_check_ins v set date_of_birth = null from registrations r
    where v.registration_id = r.id and v.date_of_birth is not null and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`
    update venue_fees v set waiver_reason = 'erased' from registrations r
    where v.registration_id = r.id and v.waiver_reason is not null and r.erased_at is null and r.${inSeason}`);
  // The ledger keeps the money (ADR 024), not the words about the family: references and reasons go.
  await tx.rows(sql`
    update ledger_entries l set ${SCRUB_LEDGER_ENTRY} from registrations r
    where l.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from payment_reports p using registrations r where p.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  // Entries (videos and photos of children): the rows go here, their files with the next sweep (entry-files.ts).
  await tx.rows(sql`delete from entries e using registrations r where e.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  // Certificates name the child: they stop verifying with the season's data (ADR 028); their
  // PDFs go with the next sweep (certificate-job.ts). The public results pages go too.
  await tx.rows(sql`delete from certificates c using registrations r where c.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from results_pages`);
  // Every statement line of the season: payers' names and UPI addresses, matched or not.
  await tx.rows(sql`update statement_rows s set ${SCRUB_STATEMENT_ROW} where s.${inSeason} and s.narration <> 'erased'`);
  await tx.rows(sql`delete from newsletter_subscribers where ${inSeason}`);
  await tx.rows(sql`update erasure_requests set reference_code = '' where status = 'completed' and requested_at < ${seasonEnd()}::timestamptz`);
  await tx.rows(sql`delete from consent_records c using registrations r where c.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from family_links l using registrations r where l.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from mail_outbox m using registrations r where m.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from mail_outbox m using judge_applications j where m.judge_application_id = j.id and j.erased_at is null and j.${inSeason}`);
  await tx.rows(sql`delete from registrations where erased_at is null and deleted_at is not null and ${inSeason}`);
  // In pieces: the overview's trigger holds a statement's old and new rows as arrays (migration
  // 0032), which for a whole season at once would grow PGlite's heap for good.
  let erased: number;
  do {
    const rows = await tx.rows<{ id: string }>(sql`
      update registrations set name = null, institute_name = null, email = '', phone = '', reference_code = '',
        secret_hash = null, content_hash = 'erased', deleted_at = ${nowIso}::timestamptz, erased_at = ${nowIso}::timestamptz,
        updated_at = ${nowIso}::timestamptz
      where id in (select id from registrations where erased_at is null and ${inSeason} limit ${ERASE_PIECE_ROWS})
      returning id`);
    erased = rows.length;
  } while (erased === ERASE_PIECE_ROWS);
  // The duplicate keys (a name and a phone) that no live registration uses any more.
  await tx.rows(sql`
    delete from registration_duplicate_keys k
    where not exists (select 1 from registrations r where r.duplicate_key = k.duplicate_key and r.deleted_at is null)`);
  // A judge invited from an application (issue 24): the account's username is their email. It
  // becomes an anonymous name, the account is disabled, and their conflicts and links go.
  await tx.rows(sql`
    update audit_log a set admin_username = 'judge-' || left(g.account_id::text, 8)
    from judges g join judge_applications j on j.id = g.application_id
    where a.admin_id = g.account_id and j.erased_at is null and j.${inSeason}`);
  await tx.rows(sql`
    update accounts a set username = 'judge-' || left(a.id::text, 8), disabled_at = coalesce(a.disabled_at, ${nowIso}::timestamptz), updated_at = ${nowIso}::timestamptz
    from judges g join judge_applications j on j.id = g.application_id
    where g.account_id = a.id and j.erased_at is null and j.${inSeason}`);
  await tx.rows(sql`
    delete from account_invites i using judges g join judge_applications j on j.id = g.application_id
    where i.account_id = g.account_id and j.erased_at is null and j.${inSeason}`);
  await tx.rows(sql`
    update judges g set conflicts = '{}' from judge_applications j
    where j.id = g.application_id and j.erased_at is null and j.${inSeason}`);
  await tx.rows(sql`
    update judge_applications set name = '', email = null, bio = '', note = null, photo = null, photo_type = null, photo_size = null,
      secret_hash = null, content_hash = 'erased', erased_at = ${nowIso}::timestamptz
    where erased_at is null and ${inSeason}`);
  await tx.rows(sql`
    update contact_messages set name = '', email = '', phone = '', subject = '', message = '',
      secret_hash = null, content_hash = 'erased', erased_at = ${nowIso}::timestamptz
    where erased_at is null and ${inSeason}`);
}
