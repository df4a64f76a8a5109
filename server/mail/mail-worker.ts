import { familyLinkPath } from '@domain/family-link';
import { receiptLabel } from '@domain/fees';
import { correctionsCloseAt, ENTRY_DEADLINE, familyLinkExpiresAt, scoringDeadlineOf, venueSessionById, type VenueSession } from '@domain/season';
import type { Deps } from '../context';
import { publicUrl } from '../env';
import { describeError } from '../lib/logger';
import { asBulkWork, workInSlices } from '../lib/people-first';
import { createFamilyLink, deleteFamilyLink } from '../db/stores/family-link-store';
import { consentNeededFor, consentsFor } from '../db/stores/consent-store';
import { findRegistration } from '../db/stores/registration-admin-store';
import { formatDay, retentionDate } from '@domain/season';
import { decisionRecipient } from '../db/stores/judge-review-store';
import {
  confirmationEmail,
  familyLinkEmail,
  receiptEmail,
  withdrawnEmail,
  reminderEmail,
  roundResultEmail,
  sessionResultEmail,
  type SessionResultLine,
  type FamilyEmailData,
  type Receipt,
  type RoundResultLine,
} from './family-emails';
import { judgeDecisionEmail, judgeInviteEmail, judgeReminderEmail, retentionNoticeEmail } from './notice-emails';
import { createInvite, deleteInvite, INVITE_HOURS, invitedAccount } from '../db/stores/invite-store';
import { familyFeedbackOf, judgeReminderFor, publishedResultsOf, reminderDaysOf } from '../db/stores/judging-store';
import { publishedPlacesOf } from '../db/stores/live-store';
import {
  claimNextMail,
  markMailFailed,
  markMailSent,
  markMailSkipped,
  scheduleRetry,
  sentToSince,
  type ClaimedMail,
} from '../db/stores/mail-outbox-store';
import type { MailMessage, MailTransport } from './mail-transport';
import { placeEmail, type PlaceDetails } from './place-emails';
import { placeOf } from '../db/stores/places-store';
import { stageSessionsOf } from '@domain/later-levels';
import type { CategorySlug } from '@domain/categories';
import { paymentTerms } from '../lib/payment-request';
import { ledgerEntry, paymentSummary } from '../db/stores/payment-store';
import { plural } from '@domain/plural';

export type MailWorkerOptions = {
  /** How often an idle worker looks for due emails. */
  pollMs: number;
  /** How long a claim holds; far longer than one send may take (mail-transport.ts timeouts). */
  leaseMs: number;
  /** Backoff after a transient failure: retryBaseMs, doubling per attempt, at most retryCapMs. */
  retryBaseMs: number;
  retryCapMs: number;
  /** After this many attempts a transient failure becomes permanent. */
  maxAttempts: number;
  /**
   * At most this many emails to one address in 24 hours: anyone can register a stranger's
   * address, so the rest are skipped, saying why (an admin's resend is never held back).
   */
  perRecipientPerDay: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The longest the mail worker waits between two emails while many requests are in flight (20 or
 * more, at people-first.ts's 50 ms each): ~1 email a second while fifty phones sync, full speed
 * the moment they are answered (issue 47).
 */
const MAIL_CROWD_WAIT_MS = 1_000;

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollMs: 2_000,
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryCapMs: 60 * 60_000,
  maxAttempts: 15,
  perRecipientPerDay: 5,
};

/** Sends due emails one at a time until none is due (or `keepGoing` says stop); returns how many it handled. */
export type MailSender = { sendDue(keepGoing?: () => boolean): Promise<number> };

export function createMailSender(deps: Deps, transport: MailTransport, overrides: Partial<MailWorkerOptions> = {}): MailSender {
  const options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...overrides };
  const { database, log } = deps;
  const { db } = database;

  /** Sends one email that needs no family link, and records the outcome. */
  async function sendAndRecord(claim: ClaimedMail, message: MailMessage): Promise<void> {
    let messageId: string;
    try {
      ({ messageId } = await transport.send(message));
    } catch (error) {
      await recordFailure(claim, error);
      return;
    }
    if (!(await markMailSent(db, claim, { messageId, sentTo: message.to }))) {
      log.warn('email sent after its claim ran out', { mailId: claim.id });
    }
  }

  async function deliverJudgeDecision(claim: ClaimedMail & { judgeApplicationId: string }): Promise<void> {
    const application = await decisionRecipient(database, claim.judgeApplicationId);
    if (!application?.email || application.erasedAt || !claim.decision) {
      await markMailSkipped(db, claim, 'The application has no email address (any more).');
      return;
    }
    await sendAndRecord(
      claim,
      judgeDecisionEmail({ to: application.email, name: application.name, expertise: application.expertise, decision: claim.decision }),
    );
  }

  /** A judge's invitation: a fresh single-use link made now, forgotten again if the email does not go. */
  async function deliverJudgeInvite(claim: ClaimedMail & { judgeApplicationId: string }): Promise<void> {
    const invited = await invitedAccount(db, claim.judgeApplicationId);
    if (!invited?.email || invited.erasedAt) {
      await markMailSkipped(db, claim, 'The application has no email address (any more), or no judge account.');
      return;
    }
    const token = await createInvite(db, { accountId: invited.accountId, mailId: claim.id, now: deps.now() });
    const message = judgeInviteEmail({
      to: invited.email,
      name: invited.name,
      username: invited.username,
      link: `${publicUrl(deps.env)}/judge/welcome#${token}`,
      hours: INVITE_HOURS,
    });
    let messageId: string;
    try {
      ({ messageId } = await transport.send(message));
    } catch (error) {
      await deleteInvite(db, token);
      await recordFailure(claim, error);
      return;
    }
    if (!(await markMailSent(db, claim, { messageId, sentTo: message.to }))) log.warn('email sent after its claim ran out', { mailId: claim.id });
  }

  /**
   * A judge's reminder before the scoring deadline (issue 49), in their language, saying how many
   * entries are left when it goes: none left, or the round closed meanwhile, and it is not sent.
   */
  async function deliverJudgeReminder(claim: ClaimedMail & { judgeApplicationId: string }): Promise<void> {
    const judge = claim.judgingRoundId ? await judgeReminderFor(db, claim.judgeApplicationId, claim.judgingRoundId) : null;
    const deadline = judge ? scoringDeadlineOf(judge.level_id) : null;
    const days = reminderDaysOf(claim.reason);
    if (!judge || !judge.email || judge.erased || judge.disabled || !deadline || days === null) {
      await markMailSkipped(db, claim, 'The judge has no email address (any more), or no judge account.');
      return;
    }
    if (judge.state !== 'scoring' || judge.remaining === 0) {
      await markMailSkipped(db, claim, 'The judge finished scoring, or scoring closed, before the reminder went out.');
      return;
    }
    await sendAndRecord(
      claim,
      judgeReminderEmail({
        language: judge.language,
        to: judge.email,
        name: judge.name,
        remaining: judge.remaining,
        days,
        lastDay: new Date(deadline.getTime() - 1),
        link: `${publicUrl(deps.env)}${judge.language === 'ta' ? '/ta' : ''}/judge`,
      }),
    );
  }

  async function deliverRetentionNotice(claim: ClaimedMail & { registrationId: string }): Promise<void> {
    const registration = await findRegistration(database, claim.registrationId);
    if (!registration || registration.deletedAt || !registration.email) {
      await markMailSkipped(db, claim, 'The registration was deleted before this email was sent.');
      return;
    }
    await sendAndRecord(
      claim,
      retentionNoticeEmail({ to: registration.email, referenceCode: registration.referenceCode, erasedOn: formatDay(retentionDate()) }),
    );
  }

  async function deliver(claim: ClaimedMail): Promise<void> {
    if (claim.template === 'judge-decision' && claim.judgeApplicationId) {
      await deliverJudgeDecision({ ...claim, judgeApplicationId: claim.judgeApplicationId });
      return;
    }
    if (claim.template === 'judge-invite' && claim.judgeApplicationId) {
      await deliverJudgeInvite({ ...claim, judgeApplicationId: claim.judgeApplicationId });
      return;
    }
    if (claim.template === 'judge-reminder' && claim.judgeApplicationId) {
      await deliverJudgeReminder({ ...claim, judgeApplicationId: claim.judgeApplicationId });
      return;
    }
    if (!claim.registrationId) {
      await markMailSkipped(db, claim, 'This email names no registration.');
      return;
    }
    if (claim.template === 'retention-notice') {
      await deliverRetentionNotice({ ...claim, registrationId: claim.registrationId });
      return;
    }
    const registration = await findRegistration(database, claim.registrationId);
    if (!registration || registration.deletedAt) {
      await markMailSkipped(db, claim, 'The registration was deleted before this email was sent.');
      return;
    }
    // An admin's resend, a round's results (sent once, when the organisers publish) and a receipt
    // withdrawn by an admin's undoing of an import are never held back.
    if (claim.reason !== 'admin-resend' && claim.reason !== 'round-published' && claim.reason !== 'session-published' && claim.reason !== 'import-undone' && claim.template !== 'place-invitation') {
      const recent = await sentToSince(db, registration.email, new Date(deps.now().getTime() - DAY_MS));
      if (recent >= options.perRecipientPerDay) {
        log.warn('email held back: too many to one address', { mailId: claim.id, recent });
        await markMailSkipped(
          db,
          claim,
          `Not sent: ${plural(recent, { one: '# email', other: '# emails' })} already went to this address in the last 24 hours, the most we send to one address (anyone can type an address, so this stops our emails being used against a stranger). Resend it from this registration's details if the family needs it.`,
        );
        return;
      }
    }
    let receipt: Receipt | null = null;
    if (claim.template === 'receipt') {
      const entry = claim.ledgerEntryId ? await ledgerEntry(database, claim.ledgerEntryId) : null;
      if (!entry || entry.voidedAt || entry.registrationId !== registration.id || entry.receiptNumber === null) {
        await markMailSkipped(db, claim, 'The payment was voided before its receipt went out.');
        return;
      }
      receipt = { number: receiptLabel(entry.receiptNumber), amountPaise: entry.amountPaise, method: entry.method, occurredAt: entry.occurredAt, referenceCode: registration.referenceCode };
    }
    if (claim.template === 'payment-withdrawn') {
      const entry = claim.ledgerEntryId ? await ledgerEntry(database, claim.ledgerEntryId) : null;
      if (!entry || !entry.voidedAt || entry.registrationId !== registration.id || entry.receiptNumber === null) {
        await markMailSkipped(db, claim, 'The payment is not voided (any more), so its receipt stands.');
        return;
      }
      receipt = { number: receiptLabel(entry.receiptNumber), amountPaise: entry.amountPaise, method: entry.method, occurredAt: entry.occurredAt, referenceCode: registration.referenceCode };
    }
    let results: RoundResultLine[] = [];
    if (claim.template === 'round-result') {
      const published = claim.judgingRoundId ? await publishedResultsOf(db, registration.id, claim.judgingRoundId) : [];
      const feedback = await familyFeedbackOf(db, published);
      results = published.map((row) => toResultLine(row, feedback.get(row.entryId)));
      if (results.length === 0) {
        await markMailSkipped(db, claim, 'The registration has no published result in this round (any more).');
        return;
      }
    }
    let sessionResult: { session: VenueSession; line: SessionResultLine } | null = null;
    if (claim.template === 'session-result') {
      const session = claim.sessionId ? venueSessionById(claim.sessionId) : undefined;
      const [place] = session ? await publishedPlacesOf(database, registration.id, session.id) : [];
      if (!session || !place) {
        await markMailSkipped(db, claim, 'The registration has no published result in this session (any more).');
        return;
      }
      const detail = place.detail ?? {};
      sessionResult = {
        session,
        line: {
          category: session.categories[0]!,
          final: place.final,
          timeMs: place.timeMs,
          place: place.place,
          pool: Number(place.pool),
          qualifies: place.qualifies,
          recused: detail.recused ?? 0,
          deduction: detail.deduction ?? 0,
        },
      };
    }
    let place: PlaceDetails | null = null;
    if (claim.template === 'place-invitation') {
      const row = claim.levelId && claim.category ? await placeOf(database, { registrationId: registration.id, levelId: claim.levelId, category: claim.category }) : null;
      const session = row?.sessionId ? stageSessionsOf(row.levelId).find((s) => s.id === row.sessionId) : undefined;
      const stillHeld = row && (row.state === 'invited' || (row.state === 'accepted' && claim.reason !== 'place-reminder'));
      if (!row || !session || row.slot === null || !stillHeld || row.sequence !== claim.offerSequence || registration.cancelledAt) {
        await markMailSkipped(db, claim, 'The place was answered, moved again or given back before this email went out.');
        return;
      }
      place = {
        levelId: row.levelId,
        category: row.category as CategorySlug,
        session,
        slot: row.slot,
        sequence: row.sequence,
        answerBy: row.state === 'invited' && row.answerBy ? new Date(row.answerBy) : null,
        registrationId: registration.id,
      };
    }
    const terms = paymentTerms(registration, deps.env, (await paymentSummary(database, registration.id))?.entries ?? []);
    if (claim.template === 'payment-reminder' && (registration.cancelledAt || !terms || terms.owedOnline === 0)) {
      await markMailSkipped(db, claim, 'Paid, or cancelled, before the reminder went out.');
      return;
    }
    const consents = await consentsFor(db, registration.id);
    const now = deps.now();
    const link = await createFamilyLink(db, { registrationId: registration.id, mailId: claim.id, expiresAt: familyLinkExpiresAt(), now });
    const data: FamilyEmailData = {
      language: registration.language,
      registration,
      consent: consents[0] ?? null,
      consentNeeded: consentNeededFor(registration.type, consents) !== null,
      link: `${publicUrl(deps.env)}${familyLinkPath(link.token, registration.language)}`,
      linkExpiresAt: familyLinkExpiresAt(),
      correctionsCloseAt: correctionsCloseAt(),
      now,
      payment: terms,
    };
    const message =
      place
        ? placeEmail(data, place, claim.reason === 'place-reminder' ? 'reminder' : claim.reason === 'place-changed' ? 'changed' : 'invited')
        : claim.template === 'round-result'
        ? roundResultEmail(data, results)
        : sessionResult
          ? sessionResultEmail(data, sessionResult.session, sessionResult.line)
          : await messageFor(claim, data, receipt);
    let messageId: string;
    try {
      ({ messageId } = await transport.send(message));
    } catch (error) {
      await deleteFamilyLink(db, link.id);
      await recordFailure(claim, error);
      return;
    }
    if (!(await markMailSent(db, claim, { messageId, sentTo: registration.email }))) {
      log.warn('email sent after its claim ran out', { mailId: claim.id });
    }
    // The links of earlier emails keep working too: only the family turns them off (family.routes.ts).
  }

  async function messageFor(claim: ClaimedMail, data: FamilyEmailData, receipt: Receipt | null): Promise<MailMessage> {
    if (claim.template === 'confirmation') return confirmationEmail(data);
    if (claim.template === 'receipt' && receipt) return receiptEmail(data, receipt);
    if (claim.template === 'payment-withdrawn' && receipt) return withdrawnEmail(data, receipt);
    if (claim.template === 'payment-reminder') {
      const when = claim.reason === 'reminder-before-deadline' ? 'before-deadline' : claim.reason === 'reminder-after-deadline' ? 'after-deadline' : 'after-registering';
      return reminderEmail(data, when, new Date(ENTRY_DEADLINE));
    }
    return familyLinkEmail(data);
  }

  async function recordFailure(claim: ClaimedMail, error: unknown): Promise<void> {
    const failure = classifySendError(error);
    const fields = { mailId: claim.id, attempt: claim.attempts, code: failure.code, responseCode: failure.responseCode };
    if (failure.permanent) {
      log.warn('email refused', fields);
      await markMailFailed(db, claim, failure.reason);
    } else if (claim.attempts >= options.maxAttempts) {
      log.error('email given up after every retry', fields);
      await markMailFailed(db, claim, `Gave up after ${plural(claim.attempts, { one: '# attempt', other: '# attempts' })}. Last error: ${failure.reason}`);
    } else {
      log.warn('email not sent; will retry', fields);
      await scheduleRetry(db, claim, { error: failure.reason, delayMs: retryDelay(claim.attempts, options) });
    }
  }

  return {
    async sendDue(keepGoing = () => true) {
      let handled = 0;
      // An email is several statements: short slices, and a wait while people's requests are
      // answered, longer while many are (a burst of phones syncing comes before their emails).
      const slices = workInSlices({ crowdWaitMs: MAIL_CROWD_WAIT_MS });
      while (keepGoing()) {
        if (handled > 0) await slices.between();
        const claim = await claimNextMail(db, options.leaseMs);
        if (!claim) return handled;
        handled++;
        try {
          await deliver(claim);
        } catch (error) {
          // Not the mail server's doing (a database hiccup, a bug): retry later like a transient failure.
          log.error('email could not be prepared', { mailId: claim.id, ...describeError(error) });
          await scheduleRetry(db, claim, { error: 'Internal error while preparing the email.', delayMs: retryDelay(claim.attempts, options) }).catch(
            () => {},
          );
        }
      }
      return handled;
    },
  };
}

function toResultLine(row: Awaited<ReturnType<typeof publishedResultsOf>>[number], feedback: { notes: string[]; strongest: string[] } | undefined): RoundResultLine {
  return {
    category: row.category as RoundResultLine['category'],
    final: row.final,
    place: row.place,
    pool: Number(row.pool),
    qualifies: row.qualifies === true,
    notes: feedback?.notes ?? [],
    strongest: feedback?.strongest ?? [],
  };
}

/** Doubling from retryBaseMs per attempt, capped, with a little jitter so instances do not retry in step. */
export function retryDelay(attempts: number, options: Pick<MailWorkerOptions, 'retryBaseMs' | 'retryCapMs'>): number {
  const exponential = options.retryBaseMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(options.retryCapMs, exponential) * (0.9 + Math.random() * 0.2);
}

/**
 * A 5xx reply (mailbox unknown, address refused) will not change by retrying: permanent. A
 * refused login (EAUTH) is our configuration, not the family's address: retried like a
 * connection failure or a 4xx reply.
 */
export function classifySendError(error: unknown): { permanent: boolean; reason: string; code?: string; responseCode?: number } {
  const e = (error ?? {}) as { responseCode?: unknown; code?: unknown; response?: unknown; message?: unknown };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const reason = String(typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : 'Unknown error').slice(0, 1000);
  const permanent = code !== 'EAUTH' && responseCode !== undefined && responseCode >= 500 && responseCode < 600;
  return { permanent, reason, code, responseCode };
}

export type MailWorker = {
  /** Finishes the email in hand, then stops. */
  stop(): Promise<void>;
};

/** Runs a sender in the background of the server process until stopped. */
export function startMailWorker(deps: Deps, transport: MailTransport, overrides: Partial<MailWorkerOptions> = {}): MailWorker {
  const options = { ...DEFAULT_MAIL_WORKER_OPTIONS, ...overrides };
  const sender = createMailSender(deps, transport, options);
  let stopping = false;
  let wake: (() => void) | null = null;

  const running = (async () => {
    while (!stopping) {
      try {
        await asBulkWork(() => sender.sendDue(() => !stopping));
      } catch (error) {
        deps.log.warn('mail worker could not reach the database', describeError(error));
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await running;
      transport.close();
    },
  };
}
