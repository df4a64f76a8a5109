import { checkInKind } from './check-in';
import { contactKind } from './contact';
import { feeKind } from './fee';
import { heatKind } from './heat';
import { markKind } from './mark';
import { judgeKind } from './judge';
import type { InputOf, OutboxKindSpec, RecordOf } from './kind';
import { newsletterKind } from './newsletter';
import { paymentReportKind } from './payment-report';
import { registrationKind } from './registration';
import { scoreKind } from './score';
import { walkInKind } from './walk-in';

/**
 * Every kind of outbox record, in the order the sync engine sends them. Adding a kind: write
 * `kinds/<kind>.ts` (its record type and `defineKind({...})`) and add it here; `enqueue(kind, …)`,
 * the record union, the engine, the badge's counts and the saved-records page follow from this
 * list (ARCHITECTURE.md, "The outbox", says what else a kind needs: its save function, its words).
 */
export const OUTBOX_KINDS = {
  registration: registrationKind,
  judge: judgeKind,
  contact: contactKind,
  newsletter: newsletterKind,
  'payment-report': paymentReportKind,
  // Venue mode (ADR 018): walk-ins first, so a check-in or fee for a walk-in finds it on the server.
  'walk-in': walkInKind,
  'check-in': checkInKind,
  fee: feeKind,
  // Judging at the venue (issue 45): staff's running-order marks and baby races' heats.
  mark: markKind,
  heat: heatKind,
  // Judging (issue 24): a judge's sheets, sent in the order they were saved.
  score: scoreKind,
};

export type OutboxKind = keyof typeof OUTBOX_KINDS;
export type OutboxRecord = { [K in OutboxKind]: RecordOf<(typeof OUTBOX_KINDS)[K]> }[OutboxKind];
/** The record of one kind. */
export type RecordOfKind<K extends OutboxKind> = RecordOf<(typeof OUTBOX_KINDS)[K]>;
/** What a kind's save function hands to `enqueue(kind, input)`. */
export type InputOfKind<K extends OutboxKind> = InputOf<(typeof OUTBOX_KINDS)[K]>;

export const OUTBOX_KIND_NAMES = Object.keys(OUTBOX_KINDS) as OutboxKind[];

/** A kind's description, loosened for code that handles every kind alike (the engine, the pages). */
export function outboxKind(kind: OutboxKind): OutboxKindSpec<OutboxRecord, unknown> {
  return OUTBOX_KINDS[kind] as unknown as OutboxKindSpec<OutboxRecord, unknown>;
}

export type { ContactRecord } from './contact';
export type { JudgeRecord } from './judge';
export type { NewsletterRecord } from './newsletter';
export type { PaymentReportRecord } from './payment-report';
export type { RegistrationRecord } from './registration';
export type { CheckInRecord } from './check-in';
export type { FeeRecord } from './fee';
export type { WalkInRecord } from './walk-in';
export type { MarkRecord } from './mark';
export type { HeatRecord } from './heat';
export type { ScoreRecord, ScorePayload, LiveSheetPayload } from './score';
export { isLiveSheet } from './score';
export type { FirstRecord, VenueLabels } from './venue';

/** The records venue mode makes. */
export type VenueRecord = RecordOfKind<'walk-in'> | RecordOfKind<'check-in'> | RecordOfKind<'fee'> | RecordOfKind<'mark'> | RecordOfKind<'heat'>;
