import { retentionAt, retentionDate, retentionNoticeAt, RETENTION_NOTICE_HOURS, SEASON } from '@domain/season';
import { inTransaction, type Database } from '../db/client';
import {
  auditRetentionStep,
  claimRetentionStep,
  erasePersonalData,
  pendingCounts,
  queueNotices,
  runsOf,
  tryRetentionLock,
  type RetentionCounts,
  type RunRow,
} from '../db/stores/retention-store';
import { pruneMailFiles } from '../mail/mail-files';
import { every } from '../lib/every';

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

const HOUR_MS = 60 * 60 * 1000;

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
    const locked = await tryRetentionLock(tx);
    const counts = await pendingCounts(tx);
    if (!locked) return { step: 'none', dryRun, outcome: 'busy', counts, message: 'Another instance is running the retention job.' };
    const { step, message } = dueStep(await runsOf(tx), options.now);
    if (step === 'none') return { step, dryRun, outcome: 'waiting', counts, message };
    if (!(await claimRetentionStep(tx, step, counts, nowIso))) return { step, dryRun, outcome: 'done', counts, message: 'This step has already run.' };
    if (step === 'notice') await queueNotices(tx);
    else await erasePersonalData(tx, nowIso);
    await auditRetentionStep(tx, step, { ...counts, retentionDate: retentionDate() }, nowIso);
    return { step, dryRun, outcome: 'ran', counts, message };
  });
  // The emails written as files hold family links and personal data: they go with the season.
  if (run.outcome === 'ran' && run.step === 'erase' && options.mailFolder) await pruneMailFiles(options.mailFolder, null);
  return run;
}

/** Runs the job every `intervalMs` in a server process until stopped (server/main.ts). */
export function startRetentionSchedule(
  database: Database,
  options: { now: () => Date; intervalMs: number; mailFolder?: string | null; onRun(run: RetentionRun): void; onError(error: unknown): void },
): { stop(): void } {
  return every(
    { intervalMs: options.intervalMs, firstAfterMs: 10_000 },
    async () => {
      const run = await runRetention(database, { now: options.now(), mailFolder: options.mailFolder ?? null });
      if (run.outcome === 'ran') options.onRun(run);
    },
    options.onError,
  );
}
