import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { mailOutbox } from '../schema';
import { fromNow, nextDueId, type DueRows } from './lease';

type MailRow = typeof mailOutbox.$inferSelect;

/** An email's state as admins (and the family's data download) see it. */
export function toMailStatus(row: MailRow) {
  return {
    id: row.id,
    template: row.template,
    reason: row.reason,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentTo: row.sentTo,
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
    nextAttemptAt: row.status === 'queued' ? new Date(row.nextAttemptAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export type MailStatus = ReturnType<typeof toMailStatus>;

/** A row this worker holds until its lease runs out; every later write is fenced by the lease token. */
export type ClaimedMail = Pick<MailRow, 'id' | 'registrationId' | 'judgeApplicationId' | 'decision' | 'template' | 'reason' | 'attempts' | 'ledgerEntryId' | 'judgingRoundId' | 'sessionId' | 'levelId' | 'category' | 'offerSequence'> & {
  leaseToken: string;
};

/**
 * Due now: claimed by a worker whose lease ran out (it crashed or hung), oldest lease first, or
 * queued and its time has come, earliest first (each kind read through its own partial index).
 */
const DUE: DueRows[] = [
  { due: and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.leaseExpiresAt, sql`now()`)), orderBy: mailOutbox.leaseExpiresAt },
  { due: and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)), orderBy: mailOutbox.nextAttemptAt },
];

/**
 * Claims the next due email for this worker (`nextDueId`: no two instances take one). Times are
 * the database's, the one clock every instance shares.
 */
export async function claimNextMail(db: Db, leaseMs: number): Promise<ClaimedMail | null> {
  const leaseToken = randomUUID();
  const [row] = await claimStatement(db, leaseMs, leaseToken);
  return row ? { ...row, leaseToken } : null;
}

/** The claim's one statement (exported for its query plan's test). */
export function claimStatement(db: Db, leaseMs: number, leaseToken: string) {
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      leaseToken,
      leaseExpiresAt: fromNow(leaseMs),
      updatedAt: sql`now()`,
    })
    .where(and(sql`${mailOutbox.id} = ${nextDueId(db, mailOutbox, ...DUE)}`, or(...DUE.map((kind) => kind.due))))
    .returning({
      id: mailOutbox.id,
      registrationId: mailOutbox.registrationId,
      judgeApplicationId: mailOutbox.judgeApplicationId,
      decision: mailOutbox.decision,
      template: mailOutbox.template,
      reason: mailOutbox.reason,
      attempts: mailOutbox.attempts,
      ledgerEntryId: mailOutbox.ledgerEntryId,
      judgingRoundId: mailOutbox.judgingRoundId,
      sessionId: mailOutbox.sessionId,
      levelId: mailOutbox.levelId,
      category: mailOutbox.category,
      offerSequence: mailOutbox.offerSequence,
    });
}

const held = (claim: ClaimedMail) => and(eq(mailOutbox.id, claim.id), eq(mailOutbox.leaseToken, claim.leaseToken));

/** Marks a claimed email sent; false when this worker no longer held it (its lease ran out and another took it). */
export async function markMailSent(db: Db, claim: ClaimedMail, sent: { messageId: string; sentTo: string }): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      sentTo: sent.sentTo,
      messageId: sent.messageId.slice(0, 300),
      lastError: null,
      leaseToken: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(held(claim))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** A transient failure: back in the queue after `delayMs`. */
export async function scheduleRetry(db: Db, claim: ClaimedMail, failure: { error: string; delayMs: number }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'queued',
      lastError: failure.error.slice(0, 1000),
      nextAttemptAt: fromNow(failure.delayMs),
      leaseToken: null,
      leaseExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(held(claim));
}

/** A permanent failure (the address was refused, or every retry failed), kept for admins to see. */
export async function markMailFailed(db: Db, claim: ClaimedMail, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error.slice(0, 1000), leaseToken: null, leaseExpiresAt: null, updatedAt: sql`now()` })
    .where(held(claim));
}

/** Not sent, on purpose (the registration was deleted before its turn came). */
/** Emails sent to this address since `since` (any template, any registration). */
export async function sentToSince(db: Db, address: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.sentTo}) = lower(${address})`, sql`${mailOutbox.sentAt} > ${since.toISOString()}::timestamptz`));
  return Number(row?.n ?? 0);
}

export async function markMailSkipped(db: Db, claim: ClaimedMail, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'skipped', lastError: reason, leaseToken: null, leaseExpiresAt: null, updatedAt: sql`now()` })
    .where(held(claim));
}

export async function queueMail(
  db: Db,
  mail:
    | { registrationId: string; template: 'confirmation' | 'family-link'; reason: 'admin-resend' | 'family-request' }
    | { judgeApplicationId: string; template: 'judge-decision'; reason: 'judge-decision'; decision: 'approved' | 'rejected' },
): Promise<MailStatus> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  if (!row) throw new Error('The email was not queued.');
  return toMailStatus(row);
}

/** Every email of one registration, the newest first. */
export async function mailFor(db: Db, registrationId: string): Promise<MailStatus[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.registrationId, registrationId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  return rows.map(toMailStatus);
}
