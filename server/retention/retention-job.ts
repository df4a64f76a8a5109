import { sql } from 'drizzle-orm';
import { retentionAt, retentionDate, retentionNoticeAt, RETENTION_NOTICE_HOURS, SEASON, seasonEndsAt } from '@domain/season';
import type { Database } from '../db/client';
import { isoTime } from '../lib/sql-time';
import { pruneMailFiles } from '../mail/mail-files';
import { SCRUB_AUDIT_ENTRY } from '../db/stores/erasure-store';

/**
 * The retention job (ADR 016): 48 hours before the season's retention date every registration
 * with an email gets a notice through the mail outbox; on the date the personal fields of the
 * season's registrations, judge applications and contact messages are erased. What stays is
 * anonymous (the day, type, contests, city and age of each registration; a judge's expertise and
 * status), so the overview still charts the season.
 *
 * Exactly once per deployment: each step runs in one transaction that first takes a
 * transaction-level advisory lock (another instance gets "busy" and does nothing) and then
 * claims the step's row in retention_runs (unique per season and step), so a step that has run
 * never runs again, even on another instance later.
 */

const RETENTION_LOCK = 7261616;
const HOUR_MS = 60 * 60 * 1000;

export type RetentionCounts = {
  registrations: number;
  registrationsWithEmail: number;
  judgeApplications: number;
  contactMessages: number;
};

export type RetentionStatus = {
  seasonYear: number;
  /** The day the data is erased (YYYY-MM-DD, Chennai) and the moments of the two steps. */
  retentionDate: string;
  noticeAt: string;
  eraseAt: string;
  /** What is still there to erase (of the season: records made before it ended). */
  pending: RetentionCounts;
  noticeSentAt: string | null;
  erasedAt: string | null;
  erased: RetentionCounts | null;
};

export type RetentionRun = {
  step: 'notice' | 'erase' | 'none';
  dryRun: boolean;
  /** busy: another instance holds the lock; done: the step ran before; waiting: not due yet. */
  outcome: 'ran' | 'would-run' | 'busy' | 'done' | 'waiting';
  counts: RetentionCounts;
  message: string;
};

type Queryable = { rows<T>(query: ReturnType<typeof sql>): Promise<T[]> };

/** Records of this season: made before it ended (next season's registrations are not touched). */
const seasonEnd = () => seasonEndsAt().toISOString();

async function pendingCounts(db: Queryable): Promise<RetentionCounts> {
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

type RunRow = { step: 'notice' | 'erase'; counts: RetentionCounts; ranAt: string };

async function runsOf(db: Queryable): Promise<RunRow[]> {
  return db.rows<RunRow>(sql`
    select step, counts, ${isoTime('ran_at')} as "ranAt"
    from retention_runs where season_year = ${SEASON.year}`);
}

export async function retentionStatus(database: Database): Promise<RetentionStatus> {
  const runs = await runsOf(database);
  const notice = runs.find((run) => run.step === 'notice');
  const erase = runs.find((run) => run.step === 'erase');
  return {
    seasonYear: SEASON.year,
    retentionDate: retentionDate(),
    noticeAt: retentionNoticeAt().toISOString(),
    eraseAt: retentionAt().toISOString(),
    pending: await pendingCounts(database),
    noticeSentAt: notice?.ranAt ?? null,
    erasedAt: erase?.ranAt ?? null,
    erased: erase?.counts ?? null,
  };
}

/** Which step is due at `now`: the notice from its time on, the erasure once the notice is 48 h old and the date has come. */
function dueStep(runs: RunRow[], now: Date): { step: RetentionRun['step']; message: string } {
  const notice = runs.find((run) => run.step === 'notice');
  if (runs.some((run) => run.step === 'erase')) return { step: 'none', message: `The ${SEASON.year} season's data has been erased.` };
  if (!notice) {
    if (now < retentionNoticeAt()) return { step: 'none', message: `Nothing is due before ${retentionNoticeAt().toISOString()}.` };
    return { step: 'notice', message: 'Families are told their data will be erased.' };
  }
  const earliest = Math.max(retentionAt().getTime(), new Date(notice.ranAt).getTime() + RETENTION_NOTICE_HOURS * HOUR_MS);
  if (now.getTime() < earliest) return { step: 'none', message: `The erasure is due at ${new Date(earliest).toISOString()}.` };
  return { step: 'erase', message: 'The season’s personal data is erased.' };
}

async function inTransaction<T>(database: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) =>
    work({
      async rows<R>(query: ReturnType<typeof sql>) {
        const result = (await tx.execute(query)) as unknown as R[] | { rows: R[] };
        return Array.isArray(result) ? result : result.rows;
      },
    }),
  );
}

/**
 * Runs whatever step is due at `now` (or, with dryRun, says what it would do and changes
 * nothing). Each run that does something writes an audit entry (actor 'system').
 */
export async function runRetention(database: Database, options: { now: Date; dryRun?: boolean; mailFolder?: string | null }): Promise<RetentionRun> {
  const dryRun = options.dryRun ?? false;
  const nowIso = options.now.toISOString();
  if (dryRun) {
    const { step, message } = dueStep(await runsOf(database), options.now);
    return { step, dryRun, outcome: step === 'none' ? 'waiting' : 'would-run', counts: await pendingCounts(database), message };
  }
  const run = await inTransaction<RetentionRun>(database, async (tx) => {
    const [lock] = await tx.rows<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
    const counts = await pendingCounts(tx);
    if (!lock?.locked) return { step: 'none', dryRun, outcome: 'busy', counts, message: 'Another instance is running the retention job.' };
    const { step, message } = dueStep(await runsOf(tx), options.now);
    if (step === 'none') return { step, dryRun, outcome: 'waiting', counts, message };
    const claimed = await tx.rows<{ id: number }>(sql`
      insert into retention_runs (season_year, step, counts, ran_at)
      values (${SEASON.year}, ${step}, ${JSON.stringify(counts)}::jsonb, ${nowIso}::timestamptz)
      on conflict (season_year, step) do nothing returning id`);
    if (claimed.length === 0) return { step, dryRun, outcome: 'done', counts, message: 'This step has already run.' };
    if (step === 'notice') await queueNotices(tx);
    else await erasePersonalData(tx, nowIso);
    await tx.rows(sql`
      insert into audit_log (admin_username, action, entity_type, entity_id, changes, actor, kind, created_at)
      values ('retention job', ${step === 'notice' ? 'retention.notice' : 'retention.erase'}, 'season', ${String(SEASON.year)},
        ${JSON.stringify({ ...counts, retentionDate: retentionDate() })}::jsonb, 'system', 'change', ${nowIso}::timestamptz)`);
    return { step, dryRun, outcome: 'ran', counts, message };
  });
  // The emails written as files hold family links and personal data: they go with the season.
  if (run.outcome === 'ran' && run.step === 'erase' && options.mailFolder) await pruneMailFiles(options.mailFolder, null);
  return run;
}

/** One notice per live registration with an email (the unique index makes a second queueing a no-op). */
async function queueNotices(tx: Queryable): Promise<void> {
  await tx.rows(sql`
    insert into mail_outbox (registration_id, template, reason)
    select r.id, 'retention-notice', 'retention' from registrations r
    where r.erased_at is null and r.deleted_at is null and r.email <> '' and r.created_at < ${seasonEnd()}::timestamptz
    on conflict (registration_id) where reason = 'retention' do nothing`);
}

/**
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
  await tx.rows(sql`delete from newsletter_subscribers where ${inSeason}`);
  await tx.rows(sql`update erasure_requests set reference_code = '' where status = 'completed' and requested_at < ${seasonEnd()}::timestamptz`);
  await tx.rows(sql`delete from consent_records c using registrations r where c.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from family_links l using registrations r where l.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from mail_outbox m using registrations r where m.registration_id = r.id and r.erased_at is null and r.${inSeason}`);
  await tx.rows(sql`delete from mail_outbox m using judge_applications j where m.judge_application_id = j.id and j.erased_at is null and j.${inSeason}`);
  await tx.rows(sql`delete from registrations where erased_at is null and deleted_at is not null and ${inSeason}`);
  await tx.rows(sql`
    update registrations set name = null, institute_name = null, email = '', phone = '', reference_code = '',
      secret_hash = null, content_hash = 'erased', deleted_at = ${nowIso}::timestamptz, erased_at = ${nowIso}::timestamptz,
      updated_at = ${nowIso}::timestamptz
    where erased_at is null and ${inSeason}`);
  // The duplicate keys (a name and a phone) that no live registration uses any more.
  await tx.rows(sql`
    delete from registration_duplicate_keys k
    where not exists (select 1 from registrations r where r.duplicate_key = k.duplicate_key and r.deleted_at is null)`);
  await tx.rows(sql`
    update judge_applications set name = '', email = null, bio = '', note = null, photo = null, photo_type = null, photo_size = null,
      secret_hash = null, content_hash = 'erased', erased_at = ${nowIso}::timestamptz
    where erased_at is null and ${inSeason}`);
  await tx.rows(sql`
    update contact_messages set name = '', email = '', phone = '', subject = '', message = '',
      secret_hash = null, content_hash = 'erased', erased_at = ${nowIso}::timestamptz
    where erased_at is null and ${inSeason}`);
}

/** Runs the job every `intervalMs` in a server process until stopped (server/main.ts). */
export function startRetentionSchedule(
  database: Database,
  options: { now: () => Date; intervalMs: number; mailFolder?: string | null; onRun(run: RetentionRun): void; onError(error: unknown): void },
): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const run = await runRetention(database, { now: options.now(), mailFolder: options.mailFolder ?? null });
      if (run.outcome === 'ran') options.onRun(run);
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 10_000);
  const timer = setInterval(() => void tick(), options.intervalMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
