import { contactKind } from './contact';
import { judgeKind } from './judge';
import type { OutboxKindSpec, RecordOf } from './kind';
import { newsletterKind } from './newsletter';
import { registrationKind } from './registration';

/**
 * Every kind of outbox record, in the order the sync engine sends them. Adding a kind: write
 * `kinds/<kind>.ts` (its record type and `defineKind({...})`) and add it here; the record union,
 * the engine, the badge's counts and the saved-records page follow from this list.
 */
export const OUTBOX_KINDS = {
  registration: registrationKind,
  judge: judgeKind,
  contact: contactKind,
  newsletter: newsletterKind,
};

export type OutboxKind = keyof typeof OUTBOX_KINDS;
export type OutboxRecord = { [K in OutboxKind]: RecordOf<(typeof OUTBOX_KINDS)[K]> }[OutboxKind];

export const OUTBOX_KIND_NAMES = Object.keys(OUTBOX_KINDS) as OutboxKind[];

/** A kind's description, loosened for code that handles every kind alike (the engine, the pages). */
export function outboxKind(kind: OutboxKind): OutboxKindSpec<OutboxRecord> {
  return OUTBOX_KINDS[kind] as unknown as OutboxKindSpec<OutboxRecord>;
}

export type { ContactRecord } from './contact';
export type { JudgeRecord } from './judge';
export type { NewsletterRecord } from './newsletter';
export type { RegistrationRecord } from './registration';
